import _IconMorphSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file an `AnimatedPNGWriter` fills, with `AtomicFileWriter`'s guarantees: the bytes go to
/// a temporary file, written front to back (a few patched in place), which becomes the
/// destination only in `commit()`. Until then it is tracked, so that
/// `AtomicFileWriter.removeTemporaryFilesForExit()` removes it on an interrupt.
///
/// The temporary file is a sibling of the destination (`.NAME.XXXXXX.tmp`), renamed over it; a
/// symbolic link is written through, as `AtomicFileWriter` does. A destination that exists
/// and is not a regular file (a device such as /dev/null, a FIFO, a terminal) cannot be
/// replaced: the file is then staged in the temporary folder (`$TMPDIR`, else /tmp) and
/// copied to it on commit, since the frame count can only be filled in once all frames are
/// known. So is a name for standard output, copied through descriptor 1.
final class AnimatedPNGFile {
    /// The path as given, for messages.
    let destination: String
    /// Where the bytes go on commit: the destination, or a symbolic link's target.
    private let target: String
    /// Whether `target` is a device or FIFO to copy into rather than rename over.
    private let copiesOnCommit: Bool
    /// Whether the destination names standard output, which the copy goes through.
    private let toStandardOutput: Bool
    /// Where the file is staged for a device or FIFO, said in messages about the staging
    /// file ("; staged in …"), else "".
    private let staging: String
    private var descriptor: Int32
    /// The temporary file's path.
    let temporary: String
    /// Bytes written so far.
    private(set) var count = 0
    /// Whether the temporary file was renamed into place or removed.
    private var isGone = false

    /// Creates the temporary file for `destination`.
    ///
    /// - Throws: `PNGError.cannotCreate` naming `destination`: a directory, a link to a missing
    ///   file, a missing or unwritable folder.
    init(destination: String) throws {
        self.destination = destination
        // A link is written through, so the link stays and its target gets the file.
        let (target, isRegular) = try AtomicFileWriter.resolvedDestination(of: destination)
        // A name for standard output is copied through it, whatever it is (a redirected file
        // gets the bytes at the redirection's position: `AtomicFileWriter.isStandardOutputName`).
        toStandardOutput = AtomicFileWriter.isStandardOutputName(destination)
        let copies = !isRegular || toStandardOutput
        self.target = target
        copiesOnCommit = copies
        let made: (descriptor: Int32, path: String)
        if copies {
            let (folder, description) = AtomicFileWriter.temporaryFolder()
            staging = "; staged in \(description)"
            do {
                made = try AtomicFileWriter.makeTemporaryFile(
                    template: folder + "/.iconmorph-apng.XXXXXX.tmp", reportingAs: destination)
            } catch PNGError.cannotCreate(let path, let reason) {
                throw PNGError.cannotCreate(path: path, reason: reason + staging)
            }
        } else {
            staging = ""
            made = try AtomicFileWriter.makeTemporaryFile(beside: target)
        }
        descriptor = made.descriptor
        temporary = made.path
    }

    deinit { discard() }

    /// Appends `bytes`.
    ///
    /// - Throws: `PNGError.writeFailed` naming the destination (disk full, file size limit).
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        if let code = DescriptorWriting.writeAll(bytes, to: descriptor) {
            throw PNGError.writeFailed(path: destination, reason: String(cString: strerror(code)) + staging)
        }
        count += bytes.count
    }

    /// Writes `bytes` over what was written at `offset`.
    ///
    /// - Throws: `PNGError.writeFailed` naming the destination.
    func overwrite(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws {
        precondition(offset >= 0 && offset + bytes.count <= count, "patching past the written bytes")
        if let code = DescriptorWriting.writeAll(bytes, to: descriptor, at: offset) {
            throw PNGError.writeFailed(path: destination, reason: String(cString: strerror(code)) + staging)
        }
    }

    /// Reads `buffer.count` bytes written earlier, from `offset`.
    ///
    /// - Throws: `PNGError.writeFailed` naming the destination when they cannot be read back.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws {
        precondition(offset >= 0 && offset + buffer.count <= count, "reading past the written bytes")
        var done = 0
        while done < buffer.count {
            let got = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                let reason = got < 0 ? String(cString: strerror(errno)) : "the temporary file is shorter than written"
                throw PNGError.writeFailed(path: destination, reason: reason)
            }
            done += got
        }
    }

    /// Makes the file the destination (rename, or copy for a device or FIFO). Either way the
    /// temporary file is gone afterwards.
    ///
    /// - Throws: `PNGError.writeFailed` or `.cannotCreate` naming the destination; it is left
    ///   as it was.
    func commit() throws {
        precondition(descriptor >= 0, "committing a closed file")
        defer { discard() }
        if copiesOnCommit {
            try copyToTarget()
            return
        }
        AtomicFileWriter.settle(descriptor, replacing: try AtomicFileWriter.replacedFile(at: target))
        let closed = close(descriptor)
        descriptor = -1
        if closed != 0 {
            throw PNGError.writeFailed(path: destination, reason: String(cString: strerror(errno)))
        }
        if rename(temporary, target) != 0 {
            throw PNGError.cannotCreate(path: destination, reason: String(cString: strerror(errno)))
        }
        isGone = true
        AtomicFileWriter.forgetTemporaryFile(temporary)
    }

    private func copyToTarget() throws {
        let output = toStandardOutput ? STDOUT_FILENO : open(target, O_WRONLY)
        if output < 0 {
            throw PNGError.cannotCreate(path: destination, reason: String(cString: strerror(errno)))
        }
        defer { if !toStandardOutput { close(output) } }
        let (copied, code) = DescriptorWriting.copyAll(from: descriptor, to: output)
        if let code { throw PNGError.writeFailed(path: destination, reason: String(cString: strerror(code))) }
        if copied != count { throw PNGError.writeFailed(path: destination, reason: "the temporary file is shorter than written") }
    }

    /// Closes and removes the temporary file, if still there; idempotent.
    func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if !isGone {
            isGone = true
            unlink(temporary)
            AtomicFileWriter.forgetTemporaryFile(temporary)
        }
    }
}

/// The bytes written so far, for `AnimatedPNGTranscoder`'s chunk walk.
extension AnimatedPNGFile: PNGByteSource {
    var length: Int? { count }

    func readBytes(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        guard offset >= 0, offset < count else { return 0 }
        let part = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, count - offset)])
        try read(into: part, at: offset)
        return part.count
    }
}
