import PNGCodec

/// Where a command writes its frames, as chosen on the command line.
enum OutputTarget: Equatable, Sendable {
    /// One PNG file (`--progress`); an existing folder gets `morph.png` inside it.
    case file(String)
    /// A folder that gets `frame_0000.png`, `frame_0001.png`, … (`--frames`).
    case folder(String)
    /// Numbered files named by a pattern (`--frames` with `%d` or `%0Nd` in `-o`).
    case pattern(FramePattern)
    /// Standard output (`-o -`) for the raw RGBA stream; any other format's one file goes there
    /// as `.file(standardOutputFile)`.
    case standardOutput

    /// The output file of `--progress` when `-o` is not given.
    static let defaultFile = "morph.png"
    /// The output folder of `--frames` when `-o` is not given.
    static let defaultFolder = "frames"
    /// What `-o` takes for standard output.
    static let standardOutputName = "-"
    /// The file a one-file format writes for `-o -`: standard output by name, so that it is
    /// written as `-o /dev/stdout` is: through descriptor 1, into a pipe or a redirected file
    /// at the redirection's position (`AtomicFileWriter.isStandardOutputName`).
    static let standardOutputFile = "/dev/stdout"

    /// The file a path given for one file names: `standardOutputFile` for `-`, else the path.
    static func fileNamed(_ given: String) -> String { given == standardOutputName ? standardOutputFile : given }

    /// The file a `.file` target names: `path`, or `defaultName` inside it when it is an
    /// existing folder.
    static func writtenFile(_ path: String, defaultName: String) -> String {
        isDirectory(path) ? join(path, defaultName) : path
    }

    /// Checks the file system and settles the file names, before any work is done.
    ///
    /// A missing frames folder is created later, by `OutputPlan.createFolder()`, so that a bad
    /// input file does not leave an empty folder behind; here only its parent is checked.
    ///
    /// - Parameter defaultName: the file an existing folder given as `.file` gets.
    /// - Throws: `OutputError` when a folder is missing or is a file; `PNGError.cannotCreate`
    ///   when the folder cannot be looked at (a name too long, a folder that may not be searched);
    ///   `CommandLineError.invalidSetting` when `--frames` is pointed at a `.png` file name.
    ///   Standard output has no paths.
    func plan(
        frameCount: Int, option: String, defaultName: String = OutputTarget.defaultFile, fileExtension: String = "png"
    ) throws -> OutputPlan {
        switch self {
        case .standardOutput:
            return OutputPlan(paths: [], folderToCreate: nil)
        case .file(let path):
            if isDirectory(path) {
                return OutputPlan(paths: [Self.writtenFile(path, defaultName: defaultName)], folderToCreate: nil)
            }
            if path.hasSuffix("/") {
                // "a.png/" where a.png is a file: the folder is not missing, it is a file.
                let named = withoutTrailingSlashes(path)
                if !named.isEmpty, exists(named) { throw OutputError.notAFolder(path: named) }
                throw OutputError.missingFolder(file: path, folder: path)
            }
            let folder = parentFolder(of: path)
            guard isDirectory(folder) else {
                if exists(folder) { throw OutputError.notAFolder(path: folder) }
                if let reason = unreachableReason(folder) { throw PNGError.cannotCreate(path: path, reason: reason) }
                throw OutputError.missingFolder(file: path, folder: folder)
            }
            return OutputPlan(paths: [path], folderToCreate: nil)
        case .folder(let folder):
            if !isDirectory(folder), folder.lowercased().hasSuffix("." + fileExtension) {
                throw CommandLineError.invalidSetting(
                    option: option,
                    reason: "a sequence writes a file per frame, so expected a folder or a pattern such as "
                        + "'\(folder.dropLast(fileExtension.count + 1))_%04d.\(fileExtension)', got \(quoted(folder))")
            }
            let digits = max(4, String(frameCount - 1).count)
            let name = { join(folder, "frame_" + zeroPadded($0, digits: digits) + "." + fileExtension) }
            return OutputPlan(
                paths: (0..<frameCount).map(name), folderToCreate: try Self.folderToCreate(folder),
                staleFrames: OutputPlan.staleFrames(from: frameCount, name: name), removesStaleFrames: true)
        case .pattern(let pattern):
            let paths = (0..<frameCount).map(pattern.path(forFrame:))
            // Checked before any frame is written: the numbers grow, so a name can pass the
            // limit only from some frame on.
            if let frame = paths.firstIndex(where: { $0.split(separator: "/").last.map { $0.utf8.count > Self.longestName } == true }) {
                throw CommandLineError.invalidSetting(
                    option: option,
                    reason: "the frame files' names pass the \(Self.longestName) bytes a file name may have from frame "
                        + "\(frame) on (\(quoted(paths[frame]))); give a shorter pattern")
            }
            return OutputPlan(
                paths: paths, folderToCreate: try Self.folderToCreate(pattern.folder),
                staleFrames: OutputPlan.staleFrames(from: frameCount, name: pattern.path(forFrame:)))
        }
    }

    /// The longest file name, in bytes, that the file systems iconmorph writes to take
    /// (NAME_MAX on Linux and macOS).
    static let longestName = 255

    /// Whether the output goes to standard output: the raw stream, or a file naming it where
    /// it is not a device (`-o -` or `-o /dev/stdout` into a pipe or a file:
    /// `StandardStreams.isStandardOutput`).
    var writesStandardOutput: Bool {
        switch self {
        case .standardOutput: true
        case .file(let path): StandardStreams.isStandardOutput(path)
        case .folder, .pattern: false
        }
    }

    /// Whether an output path as given (`-o`, `--manifest`; nil when absent) goes to standard
    /// output: `-`, or a file naming it (`writesStandardOutput`).
    static func writesStandardOutput(path: String?) -> Bool {
        guard let path else { return false }
        return path == standardOutputName || OutputTarget.file(path).writesStandardOutput
    }

    /// `nil` when `folder` exists; `folder` when it can be created (its parent exists).
    private static func folderToCreate(_ folder: String) throws -> String? {
        if isDirectory(folder) { return nil }
        // "a/" where a is a file: stat of "a/" fails (ENOTDIR), so look at "a" itself.
        let named = withoutTrailingSlashes(folder)
        if exists(folder) || (!named.isEmpty && exists(named)) { throw OutputError.notAFolder(path: named.isEmpty ? folder : named) }
        let parent = parentFolder(of: folder)
        guard isDirectory(parent) else {
            if exists(parent) { throw OutputError.notAFolder(path: parent) }
            if let reason = unreachableReason(parent) { throw OutputError.cannotCreateFolder(path: folder, reason: reason) }
            throw OutputError.cannotCreateFolder(path: folder, reason: "its parent folder '\(parent)' does not exist")
        }
        return folder
    }
}
