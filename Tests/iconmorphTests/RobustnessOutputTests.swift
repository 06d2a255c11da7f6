import Foundation
import PNGCodec
import Testing
@testable import iconmorph

/// Outputs that cannot be written: the same file as an input, a folder in the way, folders
/// that refuse new files even to root, a file size limit, a full disk and a standard output
/// that is full or closed. Each run of the built binary ends with its documented status and
/// one error line naming the file and the reason; every file that existed before is unchanged
/// (bytes and modification time), no temporary file is left, and whatever new file is there
/// is a complete PNG (frames finished before a sequence failed).
///
/// A full disk is made by a small preloaded library (compiled here with the system's C
/// compiler) whose `write` and `pwrite` fail with ENOSPC once a byte budget for regular files
/// (descriptors above 2) is spent, which works without privileges; one test also fills a
/// real 64 KiB tmpfs where `mount` is permitted (as root on the CI machine).
@Suite struct RobustnessOutputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The command line, `$D` standing for the scratch folder.
        let arguments: [String]
        var shellPrefix = ":"
        /// The full-disk budget in bytes, if the disk is to fill up.
        var diskBytes: Int?
        let status: Int32
        /// The error line after `iconmorph: error: `; a `*` stands for any text (a frame number).
        let message: String
        /// New files allowed afterwards (relative paths starting with this), each a valid PNG
        /// unless it is `raw.bin`.
        var newFilesUnder: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // The same file as an input.
        Case(name: "mask over its own icon", arguments: ["mask", "--from", "$D/keep.png", "-o", "$D/keep.png"], status: 64,
             message: "-o: '$D/keep.png' is the --from icon; writing it would replace the input, so give another output path"),
        Case(name: "Lottie over its own timeline", arguments: ["animate", "--timeline", "$D/timeline.json", "-q", "-o", "$D/timeline.json"],
             status: 64, message: "-o: '$D/timeline.json' is the --timeline file; writing it would replace the input, so give another output path"),
        Case(name: "render over --to, spelled differently", arguments: ["render", "--to", "$D/keep.png", "--progress", "1", "-o", "$D/./keep.png"],
             status: 64, message: "-o: '$D/./keep.png' is the --to icon; writing it would replace the input, so give another output path"),
        Case(name: "render through a symbolic link to its icon", arguments: ["render", "--from", "$D/keep.png", "--progress", "0", "--output", "$D/link.png"],
             status: 64, message: "--output: '$D/link.png' is the --from icon; writing it would replace the input, so give another output path"),
        Case(name: "frame file that is the icon", arguments: ["render", "-q", "--from", "$D/seq/frame_0001.png", "--frames", "3", "-o", "$D/seq"],
             status: 64, message: "-o: '$D/seq/frame_0001.png' is the --from icon; writing it would replace the input, so give another output path"),
        Case(name: "manifest that is the icon",
             arguments: ["render", "-q", "--from", "$D/keep.png", "--frames", "3", "--format", "sheet", "-o", "$D/sheet.png", "--manifest", "$D/keep.png"],
             status: 64, message: "--manifest: '$D/keep.png' is the --from icon; writing it would replace the input, so give another output path"),
        Case(name: "manifest that is the sheet, spelled differently",
             arguments: ["render", "-q", "--frames", "3", "--format", "sheet", "-o", "$D/sheet.png", "--manifest", "$D/./sheet.png"],
             status: 64, message: "--manifest: '$D/./sheet.png' is the sheet's own path; give another file"),
        Case(name: "animated PNG over its icon", arguments: ["render", "-q", "--to", "$D/keep.png", "--frames", "3", "--format", "apng", "-o", "$D/keep.png"],
             status: 64, message: "-o: '$D/keep.png' is the --to icon; writing it would replace the input, so give another output path"),
        // Something in the way.
        Case(name: "output file is a folder", arguments: ["mask", "--from", "play", "-o", "$D/dir.png"], status: 73,
             message: "$D/dir.png/mask.png: cannot create: it is a directory"),
        Case(name: "a file used as a folder", arguments: ["render", "--progress", "0", "-o", "$D/plain/out.png"], status: 73,
             message: "$D/plain: exists and is not a folder"),
        Case(name: "a file given as a folder", arguments: ["mask", "--from", "play", "-o", "$D/plain/"], status: 73,
             message: "$D/plain: exists and is not a folder"),
        // Folders that refuse new files, even to root.
        Case(name: "file in /sys", arguments: ["render", "--progress", "0", "-o", "/sys/kernel/iconmorph-test.png"], status: 73,
             message: "/sys/kernel/iconmorph-test.png: cannot create: Permission denied"),
        Case(name: "frames folder in /sys", arguments: ["render", "-q", "--frames", "3", "-o", "/sys/kernel/iconmorph-frames"], status: 73,
             message: "/sys/kernel/iconmorph-frames: cannot create folder: Operation not permitted"),
        Case(name: "animated PNG in /sys", arguments: ["render", "-q", "--frames", "3", "-o", "/sys/kernel/iconmorph.apng"], status: 73,
             message: "/sys/kernel/iconmorph.apng: cannot create: Permission denied"),
        Case(name: "strip in /sys", arguments: ["render", "-q", "--frames", "3", "--format", "strip", "-o", "/sys/kernel/iconmorph.png"], status: 73,
             message: "/sys/kernel/iconmorph.png: cannot create: Permission denied"),
        Case(name: "manifest in /sys leaves the sheet alone",
             arguments: ["render", "-q", "--frames", "3", "--format", "sheet", "-o", "$D/sheet.png", "--manifest", "/sys/kernel/iconmorph.json"],
             status: 73, message: "/sys/kernel/iconmorph.json: cannot create: Permission denied"),
        // A name the system refuses: found before the sheet is rendered (the temporary
        // files' names are short, and the sheet was once renamed into place before its
        // manifest's rename failed).
        Case(name: "manifest named too long leaves the sheet alone",
             arguments: ["render", "-q", "--frames", "3", "--format", "sheet", "-o", "$D/sheet.png", "--manifest", "$D/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.json"],
             status: 73, message: "$D/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.json: cannot create: File name too long"),
        Case(name: "output through a loop of symbolic links",
             arguments: ["render", "--progress", "0.5", "-o", "$D/loop.png"], status: 73,
             message: "$D/loop.png: cannot create: it is a symbolic link that cannot be followed: Too many levels of symbolic links"),
        // A full disk.
        Case(name: "full disk: nothing fits", arguments: ["render", "--progress", "0.5", "-o", "$D/keep.png"], diskBytes: 0,
             status: 74, message: "$D/keep.png: write failed: No space left on device"),
        Case(name: "full disk: part of the file fits", arguments: ["mask", "--from", "heart", "-o", "$D/keep.png"], diskBytes: 100,
             status: 74, message: "$D/keep.png: write failed: No space left on device"),
        Case(name: "full disk: some frames fit", arguments: ["render", "-q", "--frames", "12", "-o", "$D/new-seq"], diskBytes: 3000,
             status: 74, message: "$D/new-seq/frame_*.png: write failed: No space left on device", newFilesUnder: "new-seq"),
        Case(name: "full disk: animated PNG", arguments: ["render", "-q", "--frames", "12", "-o", "$D/keep.apng"], diskBytes: 2000,
             status: 74, message: "$D/keep.apng: write failed: No space left on device"),
        Case(name: "full disk: sheet", arguments: ["render", "-q", "--frames", "9", "--format", "sheet", "-o", "$D/sheet.png", "--manifest", "$D/sheet.json"],
             diskBytes: 500, status: 74, message: "$D/sheet.png: write failed: No space left on device"),
        // ffmpeg's cause, not its last line ("Error initializing output stream 0:0 --").
        Case(name: "full disk: ProRes video", arguments: ["render", "-q", "--frames", "4", "-o", "$D/new.mov"], diskBytes: 0,
             status: 74, message: "$D/new.mov: write failed: ffmpeg: *No space left on device"),
        // The strip fits but its manifest does not: neither lands.
        Case(name: "full disk: manifest after the sheet",
             arguments: ["render", "-q", "--frames", "2", "--format", "strip", "--compression", "best", "-o", "$D/strip.png", "--manifest", "$D/sheet.json"],
             diskBytes: 1200, status: 74, message: "$D/sheet.json: write failed: No space left on device"),
        // Standard output.
        Case(name: "standard output full", arguments: ["render", "--frames", "3", "-q", "-o", "-"], shellPrefix: "exec >/dev/full",
             status: 74, message: "standard output: No space left on device"),
        Case(name: "standard output closed", arguments: ["render", "--frames", "3", "-q", "-o", "-"], shellPrefix: "exec >&-",
             status: 74, message: "standard output: Bad file descriptor"),
        Case(name: "standard output closed after a mask", arguments: ["mask", "--from", "play", "-o", "$D/new.png"], shellPrefix: "exec >&-",
             status: 74, message: "standard output: Bad file descriptor", newFilesUnder: "new.png"),
    ]

    /// A file size limit of 512 bytes: SIGXFSZ is ignored, so the write fails with EFBIG.
    /// (A separate test, because it runs a plain build under ThreadSanitizer: see
    /// `MeasuredRun.underThreadSanitizer`.)
    static let fileSizeLimitCases: [Case] = [
        Case(name: "limit: existing frame file", arguments: ["render", "--progress", "0.5", "-o", "$D/keep.png"], shellPrefix: "ulimit -f 1",
             status: 74, message: "$D/keep.png: write failed: File too large"),
        Case(name: "limit: mask", arguments: ["mask", "--from", "star", "-o", "$D/keep.png"], shellPrefix: "ulimit -f 1",
             status: 74, message: "$D/keep.png: write failed: File too large"),
        Case(name: "limit: new frames folder", arguments: ["render", "-q", "--frames", "3", "-o", "$D/new-seq"], shellPrefix: "ulimit -f 1",
             status: 74, message: "$D/new-seq/frame_0000.png: write failed: File too large"),
        Case(name: "limit: existing frames", arguments: ["render", "-q", "--frames", "3", "-o", "$D/seq"], shellPrefix: "ulimit -f 1",
             status: 74, message: "$D/seq/frame_0000.png: write failed: File too large"),
        Case(name: "limit: animated PNG", arguments: ["render", "-q", "--frames", "6", "-o", "$D/keep.apng"], shellPrefix: "ulimit -f 1",
             status: 74, message: "$D/keep.apng: write failed: File too large"),
        Case(name: "limit: sheet and manifest",
             arguments: ["render", "-q", "--frames", "4", "--format", "sheet", "-o", "$D/sheet.png", "--manifest", "$D/sheet.json"],
             shellPrefix: "ulimit -f 1", status: 74, message: "$D/sheet.png: write failed: File too large"),
        // ffmpeg reports these and may still exit with 0: the export fails all the same.
        Case(name: "limit: mp4 video", arguments: ["render", "-q", "--frames", "10", "--size", "200", "-o", "$D/new.mp4"],
             shellPrefix: "ulimit -f 1", status: 74, message: "$D/new.mp4: write failed: ffmpeg: *File too large"),
        Case(name: "limit: GIF", arguments: ["render", "-q", "--frames", "10", "--size", "200", "-o", "$D/new.gif"],
             shellPrefix: "ulimit -f 1", status: 74, message: "$D/new.gif: write failed: ffmpeg: *File too large"),
        Case(name: "limit: raw stream", arguments: ["render", "--frames", "4", "-q", "-o", "-"], shellPrefix: "ulimit -f 1; exec >\"$D/raw.bin\"",
             status: 74, message: "standard output: File too large", newFilesUnder: "raw.bin"),
    ]

    @Test(arguments: fileSizeLimitCases)
    func fileSizeLimit(_ test: Case) throws { try check(test, unsanitized: true) }

    @Test(arguments: cases) func failsAndKeepsFiles(_ test: Case) throws { try check(test) }

    /// Runs `test`'s command and checks its exit, message, output and folder.
    func check(_ test: Case, unsanitized: Bool = false) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.populate(folder)
        let before = snapshotTree(folder.path)
        func expand(_ text: String) -> String { text.replacingOccurrences(of: "$D", with: folder.path) }

        var environment: [String: String] = [:]
        if let budget = test.diskBytes {
            environment = ["LD_PRELOAD": try FullDiskLibrary.path(), FullDiskLibrary.budgetVariable: String(budget)]
        }
        let result = try MeasuredRun.run(
            test.arguments.map(expand), in: folder.path, shellPrefix: expand(test.shellPrefix), environment: environment,
            timeout: 30, unsanitized: unsanitized)

        #expect(result.signal == nil)
        #expect(result.status == test.status, "\(result.stderr)")
        let expected = expand(test.message)
        let message = result.errorMessage ?? "<\(result.stderr)>"
        if let star = expected.range(of: "*") {
            #expect(message.hasPrefix(expected[..<star.lowerBound]) && message.hasSuffix(expected[star.upperBound...]), "\(message)")
        } else {
            #expect(message == expected)
        }
        if test.newFilesUnder != "raw.bin" { #expect(result.stdout.isEmpty) }
        try Self.checkFolder(folder.path, before: before, newFilesUnder: test.newFilesUnder)
    }

    /// A real full file system: a 64 KiB tmpfs where this process may mount one, else the
    /// preloaded library with the same budget. The disk fills while the frames are staged, so
    /// the run leaves the disk as it found it: no frame and no temporary file (a sequence goes
    /// into place whole or not at all; it used to leave the frames finished before).
    @Test func realFullFileSystem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let disk = folder.file("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
        let mounted = Self.system(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk])
        defer { if mounted { _ = Self.system(["umount", disk]) } }
        let environment = mounted
            ? [:] : ["LD_PRELOAD": try FullDiskLibrary.path(), FullDiskLibrary.budgetVariable: String(64 << 10)]
        let result = try MeasuredRun.run(
            ["render", "--frames", "200", "--size", "64", "-q", "-o", disk + "/f_%03d.png"], environment: environment, timeout: 60)
        #expect(result.status == 74)
        let message = result.errorMessage ?? "<\(result.stderr)>"
        #expect(message.hasPrefix(disk + "/f_") && message.hasSuffix(".png: write failed: No space left on device"), "\(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk) == [])
    }

    /// The preloaded library really fails writes once its budget is spent, and only then:
    /// the same command succeeds with a large budget.
    @Test func fullDiskLibraryFailsOnlyPastItsBudget() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try FullDiskLibrary.path()
        let roomy = try MeasuredRun.run(["mask", "--from", "heart", "-o", folder.file("a.png")],
                                        environment: ["LD_PRELOAD": library, FullDiskLibrary.budgetVariable: "1000000"])
        #expect(roomy.status == 0 && roomy.stderr.isEmpty)
        #expect(try PNGImage(contentsOfFile: folder.file("a.png")).width == 132)
        let full = try MeasuredRun.run(["mask", "--from", "heart", "-o", folder.file("b.png")],
                                       environment: ["LD_PRELOAD": library, FullDiskLibrary.budgetVariable: "10"])
        #expect(full.status == 74)
        #expect(try folder.contents() == ["a.png"])
    }

    /// The fixtures every case starts from.
    static func populate(_ folder: TemporaryFolder) throws {
        let fm = FileManager.default
        _ = try folder.write(TestIcons.disc(size: 40), as: "keep.png")
        try Data("an older animation".utf8).write(to: URL(fileURLWithPath: folder.file("keep.apng")))
        _ = try folder.write(TestIcons.square(width: 30, height: 30), as: "sheet.png")
        try Data("{\"older\": true}".utf8).write(to: URL(fileURLWithPath: folder.file("sheet.json")))
        try Data("plain file".utf8).write(to: URL(fileURLWithPath: folder.file("plain")))
        try Data("start play\nat 0.5 to pause\n".utf8).write(to: URL(fileURLWithPath: folder.file("timeline.json")))
        try fm.createDirectory(atPath: folder.file("dir.png/mask.png"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: folder.file("link.png"), withDestinationPath: "keep.png")
        try fm.createSymbolicLink(atPath: folder.file("loop.png"), withDestinationPath: "loop.png")
        try fm.createDirectory(atPath: folder.file("seq"), withIntermediateDirectories: false)
        _ = try folder.write(TestIcons.square(width: 20, height: 20), as: "seq/frame_0000.png")
        _ = try folder.write(TestIcons.disc(size: 20), as: "seq/frame_0001.png")
        // Old enough that a rewrite would show in the modification time too.
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for name in ["keep.png", "keep.apng", "sheet.png", "sheet.json", "seq/frame_0000.png", "seq/frame_0001.png"] {
            try fm.setAttributes([.modificationDate: old], ofItemAtPath: folder.file(name))
        }
    }

    /// Every file that was there is unchanged; new files are only those allowed, each a
    /// complete PNG; no temporary or probe file anywhere.
    static func checkFolder(_ folder: String, before: [String: FileSnapshot], newFilesUnder allowed: String?) throws {
        let after = snapshotTree(folder)
        for (name, snapshot) in before {
            #expect(after[name] == snapshot, "\(name) changed")
        }
        for name in after.keys.sorted() where before[name] == nil {
            #expect(!name.contains(".tmp") && !name.contains("probe"), "left behind: \(name)")
            guard let allowed, name.hasPrefix(allowed) else {
                Issue.record("new file: \(name)")
                continue
            }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder)
            if !isFolder.boolValue, name != "raw.bin", name.hasSuffix(".png") {
                #expect(throws: Never.self, "\(name) is incomplete") { _ = try PNGImage(contentsOfFile: folder + "/" + name) }
            }
        }
    }

    /// Runs a system command quietly; whether it succeeded.
    static func system(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }
}

/// A shared library for `LD_PRELOAD` whose `write`, `pwrite` and `pwrite64` on regular files
/// (descriptors above 2) fail with ENOSPC once `ICONMORPH_TEST_DISK_BYTES` bytes have been
/// written, the last write cut short at the budget, as a file system filling up does.
enum FullDiskLibrary {
    static let budgetVariable = "ICONMORPH_TEST_DISK_BYTES"
    /// Microseconds each rename of a staged frame file (`.iconmorph-…`) waits first.
    static let renameDelayVariable = "ICONMORPH_TEST_RENAME_MICROSECONDS"

    static let source = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <errno.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/stat.h>
        #include <sys/types.h>
        #include <unistd.h>

        static long long spent;

        /* How many of `count` bytes may go to `fd`; -1 when the disk is full. */
        static long long allowance(int fd, size_t count) {
            const char *text = getenv("\(budgetVariable)");
            struct stat info;
            if (text == NULL || fd <= 2 || fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) return (long long)count;
            long long budget = atoll(text);
            long long before = __atomic_fetch_add(&spent, (long long)count, __ATOMIC_SEQ_CST);
            if (count > 0 && before >= budget) return -1;
            return before + (long long)count > budget ? budget - before : (long long)count;
        }

        ssize_t write(int fd, const void *bytes, size_t count) {
            static ssize_t (*real)(int, const void *, size_t);
            if (real == NULL) real = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
            long long allowed = allowance(fd, count);
            if (allowed < 0) { errno = ENOSPC; return -1; }
            return real(fd, bytes, (size_t)allowed);
        }

        static ssize_t positioned(const char *name, int fd, const void *bytes, size_t count, off_t offset) {
            ssize_t (*real)(int, const void *, size_t, off_t) = (ssize_t (*)(int, const void *, size_t, off_t))dlsym(RTLD_NEXT, name);
            long long allowed = allowance(fd, count);
            if (allowed < 0) { errno = ENOSPC; return -1; }
            return real(fd, bytes, (size_t)allowed, offset);
        }

        ssize_t pwrite(int fd, const void *bytes, size_t count, off_t offset) { return positioned("pwrite", fd, bytes, count, offset); }
        ssize_t pwrite64(int fd, const void *bytes, size_t count, off_t offset) { return positioned("pwrite64", fd, bytes, count, offset); }

        /* With the delay variable set, each rename of a staged frame file is slowed, so that a
           test can interrupt a sequence while it goes into place. */
        int rename(const char *from, const char *to) {
            static int (*real)(const char *, const char *);
            if (real == NULL) real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
            const char *text = getenv("\(renameDelayVariable)");
            if (text != NULL && strstr(from, "/.iconmorph-") != NULL) usleep((useconds_t)atoi(text));
            return real(from, to);
        }
        """

    struct NoCompiler: Error, CustomStringConvertible {
        let detail: String
        var description: String { "cannot build the full-disk library: \(detail)" }
    }

    /// Built under the package's `.build` (git-ignored), not in the temporary folder, where
    /// every test run left a copy: each run builds under its own name and renames the result
    /// over `full.so`, so that runs side by side never load a half-written library.
    private static let built: Result<String, NoCompiler> = {
        let folder = packageRoot.appendingPathComponent(".build/test-tools/full-disk").path
        let name = "full-\(getpid())"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try source.write(toFile: folder + "/\(name).c", atomically: true, encoding: .utf8)
        } catch {
            return .failure(NoCompiler(detail: "\(error)"))
        }
        defer { try? FileManager.default.removeItem(atPath: folder + "/\(name).c") }
        for compiler in ["cc", "gcc", "clang"] {
            if RobustnessOutputTests.system([compiler, "-shared", "-fPIC", "-O2", "-o", folder + "/\(name).so", folder + "/\(name).c", "-ldl"]) {
                guard rename(folder + "/\(name).so", folder + "/full.so") == 0 else {
                    return .failure(NoCompiler(detail: "cannot move the library into place: \(String(cString: strerror(errno)))"))
                }
                return .success(folder + "/full.so")
            }
        }
        return .failure(NoCompiler(detail: "no C compiler (cc, gcc or clang) on the PATH"))
    }()

    /// The library's path, built once per test run.
    static func path() throws -> String { try built.get() }
}

/// Which of ffmpeg's error lines an export's failure quotes: the cause, which ffmpeg prints
/// first, not the consequences after it; a failed write's wherever it is.
struct FFmpegReasonTests {
    @Test(arguments: [
        // ffmpeg 5 writing a ProRes .mov to /dev/full.
        (["Could not write header for output file #0 (incorrect codec parameters ?): No space left on device",
          "Error initializing output stream 0:0 --"],
         "Could not write header for output file #0 (incorrect codec parameters ?): No space left on device"),
        // An .mp4 into a FIFO: the muxer's tag goes, its words stay.
        (["[mp4 @ 0x556f1f7c8540] muxer does not support non seekable output",
          "Could not write header for output file #0 (incorrect codec parameters ?): Invalid argument",
          "Error initializing output stream 0:0 --"],
         "muxer does not support non seekable output"),
        // A file size limit reached while writing the trailer, after other complaints.
        (["[libx264 @ 0x1] something earlier", "Error writing trailer of /x/y.mp4: File too large"],
         "Error writing trailer of /x/y.mp4: File too large"),
        (["Unknown encoder 'libvpx-vp9'"], "Unknown encoder 'libvpx-vp9'"),
        (["[a @ 0x1]"], "[a @ 0x1]"),
    ])
    func theCauseIsQuoted(_ lines: [String], _ expected: String) {
        #expect(FFmpegProcess.reason(in: lines) == expected)
    }

    @Test func noLinesNoReason() {
        #expect(FFmpegProcess.reason(in: []) == nil)
    }
}

/// An output in a folder whose path is longer than the system takes (PATH_MAX, 4096 bytes on
/// Linux): the reason is the system's, not "does not exist", for the folder exists.
struct OverlongPathTests {
    @Test(arguments: [(["--progress", "0.5"], "x.png", "cannot create: File name too long"),
                      (["--frames", "2"], "seq", "cannot create folder: File name too long")])
    func theReasonIsTheNamesLength(_ options: [String], _ name: String, _ reason: String) throws {
        let folder = try TemporaryFolder()
        defer { _ = try? ExportRun.run("rm", ["-rf", folder.path]) }
        let deep = folder.path + "/" + Array(repeating: String(repeating: "d", count: 200), count: 21).joined(separator: "/")
        #expect(try ExportRun.run("mkdir", ["-p", deep]).status == 0)
        let output = deep + "/" + name
        let run = try ExportRun.iconmorph(["render", "-q"] + options + ["-o", output])
        #expect(run.status == 73)
        #expect(run.stderr == "iconmorph: error: \(output): \(reason)\n", "\(run.stderr.suffix(200))")
    }
}

/// `-o /dev/stdout` with standard output a pipe: the file goes down the pipe, whole, and the
/// summary line to standard error. It was refused as "a symbolic link to a missing file"
/// (/proc/self/fd/1 names pipe:[…], which no path resolves to), and a video handed the name
/// to ffmpeg, whose own standard output is /dev/null.
struct StandardOutputPathTests {
    /// A manifest down the pipe, and `paths`' JSON: the summary goes to standard error, so
    /// standard output is the JSON alone.
    @Test(arguments: [["render", "--frames", "4", "--format", "sheet", "-o", "$D/s.png", "--manifest", "/dev/stdout"],
                      ["paths", "--format", "json", "-o", "/dev/stdout"]])
    func jsonDownThePipeStaysJSON(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try ExportRun.iconmorph(arguments.map { $0.replacingOccurrences(of: "$D", with: folder.path) })
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try JSONSerialization.jsonObject(with: run.stdout) is [String: Any])
        #expect(run.errorsOnly.hasPrefix("wrote "), "\(run.stderr)")
    }

    /// A reader that stops early (`| head -c 100`) ends the run quietly with 74, as for the
    /// raw stream: an animated PNG written by the tool, and a WebP written by ffmpeg.
    /// (Thirty frames of 256 px make more than the pipe's 64 KiB in both.)
    @Test(arguments: ["apng", "webp"])
    func aReaderThatStopsEarlyEndsTheRunQuietly(_ format: String) throws {
        let binary = try Binary.locate()
        let script = "\"$0\" render --frames 30 --size 256 --format \(format) -q -o /dev/stdout | head -c 100 >/dev/null; "
            + "exit ${PIPESTATUS[0]}"
        let run = try ExportRun.run("/bin/bash", ["-c", script, binary])
        #expect(run.status == 74 && run.stderr == "", "\(run.status): \(run.stderr)")
    }

    /// An .mp4 or .mov cannot go down a pipe (their muxers seek back): refused before ffmpeg
    /// starts, with what to do instead.
    @Test(arguments: ["mp4", "mov"])
    func seekingVideosRefuseAPipe(_ format: String) throws {
        let run = try ExportRun.iconmorph(["render", "--frames", "3", "--format", format, "-q", "-o", "/dev/stdout"])
        #expect(run.status == 73 && run.stdout.isEmpty)
        #expect(run.stderr == "iconmorph: error: /dev/stdout: cannot create: a .\(format) file needs an output it can seek in, "
            + "and a pipe or socket is none; write a file, or give --format webm\n")
    }

    @Test(arguments: [
        (["render", "--progress", "0.5"], "png"), (["render", "--frames", "3", "--format", "apng"], "apng"),
        (["render", "--frames", "3", "--format", "lottie"], "json"), (["render", "--frames", "3", "--format", "webm"], "webm"),
        (["mask", "--from", "star"], "png"), (["animate", "--at", "0", "pause", "--format", "svg-animate"], "svg"),
    ])
    func aPipeGetsTheWholeFile(_ arguments: [String], _ kind: String) throws {
        let run = try ExportRun.iconmorph(arguments + ["-o", "/dev/stdout"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.errorsOnly.hasPrefix("wrote /dev/stdout ("), "\(run.stderr)")
        let bytes = [UInt8](run.stdout)
        switch kind {
        case "png", "apng":
            let image = try PNGImage(pngData: bytes)
            #expect(image.width == 132 && image.height == 132)
            #expect(kind == "png" || bytes.indices.contains { bytes[$0...].starts(with: Array("acTL".utf8)) })
        case "json":
            #expect(try JSONSerialization.jsonObject(with: run.stdout) is [String: Any])
        case "svg":
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("<svg") || String(decoding: bytes, as: UTF8.self).hasPrefix("<?xml"))
        default:
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            try run.stdout.write(to: URL(fileURLWithPath: folder.file("v.webm")))
            let probe = try ExportRun.run("ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", folder.file("v.webm")])
            #expect(String(decoding: probe.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "3")
        }
    }

    /// `-o -` with a format of one file is standard output, as `-o /dev/stdout`: the bytes
    /// down the pipe are those of the file `-o` names otherwise, and the summary goes to
    /// standard error. It was refused ("only --format rgba goes to standard output").
    @Test(arguments: [
        ["render", "--progress", "0.5", "--format", "png"], ["render", "--progress", "0.5", "--format", "svg"],
        ["render", "--frames", "4", "--format", "apng"], ["render", "--frames", "4", "--format", "lottie"],
        ["render", "--frames", "4", "--format", "sheet"], ["animate", "--at", "0", "pause", "--fps", "10", "--format", "svg-animate"],
        ["mask", "--from", "star"],
    ])
    func aDashIsTheWholeFileDownThePipe(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let piped = try ExportRun.iconmorph(arguments + ["-o", "-"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.errorsOnly.hasPrefix("wrote /dev/stdout ("), "\(piped.stderr)")
        let file = try ExportRun.iconmorph(arguments + ["-q", "-o", folder.file("out")])
        #expect(file.status == 0, "\(file.stderr)")
        let written = try Data(contentsOf: URL(fileURLWithPath: folder.file("out")))
        #expect(!written.isEmpty && piped.stdout == written)
    }

    /// Standard output redirected to a file: `-o -` and `-o /dev/stdout` write through it, at
    /// the redirection's position, so a group of commands writing there keeps every part
    /// (and `>>` appends); the summary goes to standard error. The file was replaced whole
    /// (what came before was lost, and what came after went to the replaced file), and the
    /// summary went there too. One format of each writer: a PNG (`AtomicFileWriter`), an
    /// APNG (staged, then copied), a Lottie file, and an .mp4 (ffmpeg's file, copied).
    @Test(arguments: ["-", "/dev/stdout"], [["--progress", "0.5", "--format", "png"], ["--frames", "3", "--format", "apng"],
                                           ["--frames", "3", "--format", "lottie"], ["--frames", "3", "--format", "mp4"]])
    func aRedirectedFileGetsTheFileInPlaceAndTheSummaryGoesToStandardError(_ output: String, _ options: [String]) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let binary = try Binary.locate()
        let command = "\"$0\" render " + options.joined(separator: " ") + " -o \"$1\""
        let run = try ExportRun.run("/bin/bash", ["-c", "{ printf HEAD; \(command); printf TAIL; } > \"$2\"", binary, output, folder.file("r")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("wrote /dev/stdout (132×132"), "\(run.stderr)")
        let direct = try ExportRun.iconmorph(["render"] + options + ["-q", "-o", folder.file("d")])
        #expect(direct.status == 0, "\(direct.stderr)")
        let expected = Data("HEAD".utf8) + (try Data(contentsOf: URL(fileURLWithPath: folder.file("d")))) + Data("TAIL".utf8)
        let written = try Data(contentsOf: URL(fileURLWithPath: folder.file("r")))
        // (ffmpeg's .mp4 is the same length each run, not the same bytes: its creation time.)
        #expect(options.contains("mp4") ? written.count == expected.count && written.prefix(4) == Data("HEAD".utf8) : written == expected,
                "\(written.count) bytes, expected \(expected.count)")
    }

    /// `--manifest -` is standard output too, naming the sheet from the working folder (a
    /// stream has no folder of its own: from /dev it was `../<working folder>/sub/s.png`);
    /// with the sheet there as well, a usage error.
    @Test func aManifestDownThePipeNamesTheSheetFromTheWorkingFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try ExportRun.run("mkdir", [folder.file("sub")]).status == 0)
        let run = try ExportRun.iconmorph(["render", "--frames", "4", "--format", "sheet", "-o", "sub/s.png", "--manifest", "-"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any]
        #expect(json?["image"] as? String == "sub/s.png")
        #expect(run.errorsOnly == "wrote sub/s.png (264×264: 4 frames of 132×132 in 2 columns) and /dev/stdout\n")
        let both = try ExportRun.iconmorph(["render", "--frames", "4", "--format", "sheet", "-o", "-", "--manifest", "-"])
        #expect(both.status == 64 && both.stdout.isEmpty)
        #expect(both.stderr == "iconmorph: error: --manifest: goes to standard output, and so does the sheet; give a file for one of them\n")
    }
}
