import _IconMorphSupport
import AlphaRaster
import MorphKernel
import PNGCodec
import SVGImport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The public face of every failure: one line of text and an exit status.
///
/// Each library reports its own errors where it finds them, with the file or parameter at
/// fault; this type only chooses the exit status for each and makes sure the text is a single
/// line, without wrapping or rewording what the library said.
struct CommandFailure: Error, Equatable {
    /// What went wrong, naming the option or file; no newline.
    let message: String
    let exitCode: ExitCode

    init(message: String, exitCode: ExitCode) {
        self.message = Self.oneLine(message)
        self.exitCode = exitCode
    }

    /// Classifies `error`.
    init(_ error: any Error) {
        switch error {
        case let failure as CommandFailure:
            self = failure
        case let error as CommandLineError:
            self.init(message: error.description, exitCode: .usage)
        case let error as OutputError:
            self.init(message: error.description, exitCode: .cannotCreate)
        case let error as StandardOutputError:
            switch error {
            case .closed: self.init(message: "", exitCode: .ioError)
            case .writeFailed: self.init(message: error.description, exitCode: .ioError)
            case .isTerminal, .binaryToTerminal: self.init(message: error.description, exitCode: .usage)
            }
        case let error as PNGError:
            // A file written down /dev/stdout to a reader that stopped early (`| head`) ends
            // quietly, as the raw stream does.
            if case .writeFailed(let path, let reason) = error, reason.contains(String(cString: strerror(EPIPE))),
               StandardStreams.isStandardOutput(path) {
                self.init(message: "", exitCode: .ioError)
            } else {
                self.init(message: error.description, exitCode: Self.exitCode(for: error))
            }
        case let error as SVGError:
            self.init(message: error.description, exitCode: Self.exitCode(for: error))
        case let error as IconInputError:
            self.init(message: error.description, exitCode: Self.exitCode(for: error))
        case let error as AlphaRasterError:
            switch error {
            case .invalidBox(let field, let reason):
                self.init(message: "\(OptionKey(setting: field).longName): \(reason)", exitCode: .usage)
            case .invalidMaskSize, .pixelCountMismatch, .invalidIcon, .invalidImageSize, .invalidBytesPerRow,
                 .imageBufferTooSmall:
                // The command checks the sizes it builds and names an undrawable file itself
                // (`IconInputError.undrawable`), so these are the program's faults.
                self.init(message: "internal error: \(error)", exitCode: .software)
            }
        case let error as MorphError:
            switch error {
            case .invalidParameter(let parameter, let reason):
                if let key = OptionKey(setting: parameter) {
                    self.init(message: "\(key.longName): \(reason)", exitCode: .usage)
                } else {
                    self.init(message: "internal error: \(error)", exitCode: .software)
                }
            case .invalidSize, .sizeMismatch, .invalidBytesPerRow, .bufferTooSmall, .unsupportedPixelFormat:
                self.init(message: "internal error: \(error)", exitCode: .software)
            }
        default:
            self.init(message: "internal error: \(error)", exitCode: .software)
        }
    }

    /// A failure that prints nothing: the reader of standard output closed the pipe, so it
    /// wanted no more (`iconmorph … -o - | head -c 100`); the status still says the output
    /// is incomplete.
    var isQuiet: Bool { message.isEmpty }

    /// The line written to standard error, without its newline.
    var line: String { "iconmorph: error: " + message }

    private static func exitCode(for error: PNGError) -> ExitCode {
        switch error {
        case .fileNotFound, .unreadable: .noInput
        case .invalidPNG, .tooLarge, .sideTooLong: .dataError
        case .cannotCreate, .cannotReplace: .cannotCreate
        case .writeFailed: .ioError
        case .invalidImage, .encodingFailed, .invalidPixelLimit: .software
        }
    }

    private static func exitCode(for error: SVGError) -> ExitCode {
        switch error {
        case .fileNotFound, .unreadable: .noInput
        case .tooLarge, .malformedXML, .invalidDocument: .dataError
        }
    }

    private static func exitCode(for error: IconInputError) -> ExitCode {
        switch error {
        case .unknownName, .unreadable: .noInput
        case .unrecognizedData, .utf16Text, .gzipData, .tooLarge, .undrawable, .unmatchable: .dataError
        case .noOutline: .usage
        }
    }

    /// Line breaks and other control characters can reach a message through file names and
    /// library reasons; they are escaped so that the error stays one line.
    static func oneLine(_ text: String) -> String {
        MessageText.escaped(text, uppercaseHex: false)
    }
}
