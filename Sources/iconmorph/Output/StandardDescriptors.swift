#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps descriptors 0, 1 and 2 taken for the whole run.
///
/// Why: a program started with standard output or error closed (`iconmorph … >&-`, `2>&-`)
/// would otherwise hand the lowest free descriptor, 1 or 2, to the next file it opens, such as
/// an output's temporary file, and a progress line or the raw stream meant for the closed
/// stream would land inside that file. A closed descriptor is filled with /dev/null opened the
/// wrong way round (standard input for writing, the outputs for reading), so that every use
/// still fails as on a closed stream, with EBADF: the raw stream reports "standard output:
/// Bad file descriptor" (74) and `--from -` "cannot read: Bad file descriptor" (66).
enum StandardDescriptors {
    /// Call first thing in `main`, before any file is opened.
    static func reserve() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let filler = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
            // Lower descriptors are open (checked in order), so `open` returns this one.
            if filler >= 0, filler != descriptor { close(filler) }
        }
    }
}
