import Foundation
import PNGCodec
import Testing

/// A path that cannot be rewound (a named pipe, `/dev/stdin`, `<(command)`) decodes like the
/// file it carries.
@Suite struct PipeInputTests {
    @Test(arguments: ["basn6a08.png", "basi6a16.png", "basn0g01.png"])
    func namedPipeDecodesLikeTheFile(_ name: String) throws {
        let source = TestPaths.pngSuite + "/" + name
        let bytes = try readBytes(source)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pipe = folder.file("pipe.png")
        try #require(mkfifo(pipe, 0o600) == 0)

        // Opening a pipe for writing waits for its reader, so the writer runs on its own thread.
        let writer = Thread {
            let fd = open(pipe, O_WRONLY)
            guard fd >= 0 else { return }
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(fd)
        }
        writer.start()
        let fromPipe = try PNGImage(contentsOfFile: pipe, format: .rgba)
        #expect(fromPipe == (try PNGImage(contentsOfFile: source, format: .rgba)))
    }
}
