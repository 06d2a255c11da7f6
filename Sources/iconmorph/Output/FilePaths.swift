#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Paths and what is at them, for settling outputs and finding inputs.

/// `folder/name`, without doubling a trailing slash.
func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
}

/// The folder holding `path` (`.` for a bare name, `/` for a file at the root); trailing
/// slashes of `path` are ignored.
func parentFolder(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    if slash == trimmed.startIndex { return "/" }
    var folder = trimmed[..<slash]
    while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
    return String(folder)
}

/// The extension of the file `path` names, lowercased (`svg` for `a/B.SVG`); nil for a name
/// ending in `/` (a folder) or `..` (the parent folder), one without a dot, or one whose only
/// dot starts it (`.hidden`).
func fileExtension(of path: String) -> String? {
    guard !path.hasSuffix("/"), let name = path.split(separator: "/").last, name != "..",
          let dot = name.lastIndex(of: "."), dot != name.startIndex
    else { return nil }
    return name[name.index(after: dot)...].lowercased()
}

/// `path` without the slashes it ends in ("" for "/" or "").
func withoutTrailingSlashes(_ path: String) -> String {
    String(path.reversed().drop { $0 == "/" }.reversed())
}

/// The process's working folder (`.` if it cannot be found).
func currentFolder() -> String {
    guard let path = getcwd(nil, 0) else { return "." }
    defer { free(path) }
    return String(cString: path)
}

func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
}

/// Why `path` cannot be looked at, when it is not simply missing: stat(2)'s reason for a
/// name too long, a folder on the way that may not be searched, a loop of links; nil when it
/// exists or does not (`ENOENT`, `ENOTDIR`).
func unreachableReason(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) != 0, errno != ENOENT, errno != ENOTDIR else { return nil }
    return String(cString: strerror(errno))
}

func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}

func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
}

/// Whether writing to `path` goes to a stream rather than a file in a folder: standard output
/// (a pipe, a socket, a terminal or a redirected file: `StandardStreams.isStandardOutput`) or
/// an existing file that is neither regular nor a folder (a FIFO, a device; through links).
/// Such a path names no file that another file could be put beside or refer to.
func isStream(_ path: String) -> Bool {
    if StandardStreams.isStandardOutput(path) { return true }
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    let kind = info.st_mode & S_IFMT
    return kind != S_IFREG && kind != S_IFDIR
}
