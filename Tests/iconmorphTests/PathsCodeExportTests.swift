import AlphaRaster
import Foundation
import IconSymbols
import PathMorph
import Testing
@testable import iconmorph

/// The SwiftUI and UIKit code `paths` writes compiles against minimal stand-ins of the types
/// it uses (SwiftUI and UIKit exist on Apple's systems only), and its points interpolated
/// half-way are the library's.
@Suite(.serialized)
struct PathsCodeExportTests {
    static let layout = try! IconBox(width: 44, height: 44, scale: 3).layout()

    /// CoreGraphics' value types, as far as the code uses them.
    static let coreGraphics = """
        typealias CGFloat = Double
        struct CGPoint { var x: CGFloat; var y: CGFloat }
        struct CGSize { var width: CGFloat; var height: CGFloat }
        struct CGRect {
            var origin: CGPoint; var size: CGSize
            init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
                origin = CGPoint(x: x, y: y); size = CGSize(width: width, height: height)
            }
            var minX: CGFloat { origin.x }
            var minY: CGFloat { origin.y }
            var width: CGFloat { size.width }
            var height: CGFloat { size.height }
        }
        /// One drawing call, recorded.
        enum Element { case move(CGPoint), curve(CGPoint, CGPoint, CGPoint), close }
        """

    /// SwiftUI's `Shape`, `Animatable`, `VectorArithmetic` and `Path`, as declared by Apple,
    /// reduced to what the generated shape uses; `Path` records its calls.
    static let swiftUI = """
        protocol VectorArithmetic: AdditiveArithmetic {
            mutating func scale(by rhs: Double)
            var magnitudeSquared: Double { get }
        }
        protocol Animatable {
            associatedtype AnimatableData: VectorArithmetic
            var animatableData: AnimatableData { get set }
        }
        protocol Shape: Animatable {
            func path(in rect: CGRect) -> Path
        }
        struct Path {
            var elements: [Element] = []
            init() {}
            mutating func move(to p: CGPoint) { elements.append(.move(p)) }
            mutating func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) { elements.append(.curve(control1, control2, p)) }
            mutating func closeSubpath() { elements.append(.close) }
        }
        """

    /// UIKit's `UIBezierPath`, recording its calls.
    static let uiKit = """
        final class UIBezierPath {
            var elements: [Element] = []
            init() {}
            func move(to p: CGPoint) { elements.append(.move(p)) }
            func addCurve(to p: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) { elements.append(.curve(controlPoint1, controlPoint2, p)) }
            func close() { elements.append(.close) }
        }
        """

    /// Prints recorded elements' points, one number a line (curves as control 1, control 2,
    /// end), and `Z` for a close.
    static let printing = """
        func dump(_ elements: [Element]) {
            for element in elements {
                switch element {
                case .move(let p): print(p.x); print(p.y)
                case .curve(let a, let b, let c): for p in [a, b, c] { print(p.x); print(p.y) }
                case .close: print("Z")
                }
            }
        }
        """

    /// The library's half-way outline in the printed form, in the box itself.
    static func expected(_ morph: PathMorph) -> [String] {
        var lines: [String] = []
        for contour in morph.contours(at: 0.5) {
            lines += [contour.start.x, contour.start.y].map { "\($0)" }
            for curve in contour.curves {
                lines += [curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y, curve.end.x, curve.end.y].map { "\($0)" }
            }
            lines.append("Z")
        }
        return lines
    }

    /// Both printed forms agree: the same closes, and numbers within the rounding of three
    /// decimals on each side (half a thousandth each, so within a thousandth half-way).
    static func compare(_ printed: String, _ expected: [String]) {
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == expected.count)
        for (got, want) in zip(lines, expected) {
            if want == "Z" {
                #expect(got == "Z")
            } else {
                #expect(abs(Double(got)! - Double(want)!) <= 1e-3 + 1e-9, "\(got) against \(want)")
            }
        }
    }

    static func export(_ format: String, from: BuiltInSymbol, to: BuiltInSymbol) throws -> (source: String, name: String) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try Binary.run(["paths", "--from", from.name, "--to", to.name, "--format", format, "-o", folder.path, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try folder.contents()
        #expect(files.count == 1)
        let name = try #require(files.first)
        return (try String(contentsOfFile: folder.file(name), encoding: .utf8), name)
    }

    @Test func swiftUIShapeCompilesAndInterpolatesAsTheLibrary() throws {
        let (source, file) = try Self.export("swiftui", from: .heart, to: .star)
        #expect(file == "HeartToStarShape.swift")
        // The stand-ins replace the import; SwiftUI interpolates animatableData as
        // from + (to − from) · t.
        let code = source.replacingOccurrences(of: "import SwiftUI\n", with: "")
        let main = """
            var shape = HeartToStarShape(points: HeartToStarShape.from)
            var delta = HeartToStarShape.to - HeartToStarShape.from
            delta.scale(by: 0.5)
            shape.animatableData = HeartToStarShape.from + delta
            let size = HeartToStarShape.size
            dump(shape.path(in: CGRect(x: 0, y: 0, width: size.width, height: size.height)).elements)
            """
        let printed = try compileAndRunSwift([
            "Stand-ins.swift": Self.coreGraphics + "\n" + Self.swiftUI + "\n" + Self.printing,
            "HeartToStarShape.swift": code, "main.swift": main,
        ])
        Self.compare(printed, Self.expected(try PathMorph(from: BuiltInSymbol.heart.icon, to: BuiltInSymbol.star.icon, layout: Self.layout)))
    }

    @Test func aNewlineInAnIconsNameStaysInTheComment() throws {
        // A file may be named "evil⏎func injected() {}⏎.svg": in a Swift comment the newline
        // would end the comment and make the rest code. It is written as \u{A} instead.
        let input = PathExportInput(
            source: [], target: [], sourceName: "evil\nfunc injected() {}\r\u{2028}.svg", targetName: "star",
            width: 132, height: 132, decimals: 2, generator: "iconmorph test")
        for code in [SwiftUIShapeExport.source(input: input, typeName: "EvilToStarShape"),
                     UIKitPathExport.source(input: input, typeName: "EvilToStarPaths")] {
            let lines = code.split(omittingEmptySubsequences: false) { $0.isNewline }
            let mentions = lines.filter { $0.contains("injected") }
            #expect(!mentions.isEmpty)
            #expect(mentions.allSatisfy { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }, "\(mentions)")
            #expect(mentions.allSatisfy { $0.contains("evil\\u{A}func injected() {}\\u{D}\\u{2028}.svg") }, "\(mentions)")
        }
    }

    @Test func uiKitPathsCompileWithMatchingStructure() throws {
        let (source, file) = try Self.export("uikit", from: .play, to: .pause)
        #expect(file == "PlayToPausePaths.swift")
        let code = source.replacingOccurrences(of: "import UIKit\n", with: "")
        // CoreAnimation interpolates two paths of the same structure point by point.
        let main = """
            let size = PlayToPausePaths.size
            let rect = CGRect(x: 0, y: 0, width: size.width, height: size.height)
            let from = PlayToPausePaths.from(in: rect).elements, to = PlayToPausePaths.to(in: rect).elements
            precondition(from.count == to.count)
            func mid(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
            dump(zip(from, to).map { pair -> Element in
                switch pair {
                case (.move(let a), .move(let b)): return .move(mid(a, b))
                case (.curve(let a1, let a2, let a3), .curve(let b1, let b2, let b3)): return .curve(mid(a1, b1), mid(a2, b2), mid(a3, b3))
                case (.close, .close): return .close
                default: fatalError("the two paths differ in structure")
                }
            })
            """
        let printed = try compileAndRunSwift([
            "Stand-ins.swift": Self.coreGraphics + "\n" + Self.uiKit + "\n" + Self.printing,
            "PlayToPausePaths.swift": code, "main.swift": main,
        ])
        Self.compare(printed, Self.expected(try PathMorph(from: BuiltInSymbol.play.icon, to: BuiltInSymbol.pause.icon, layout: Self.layout)))
    }
}
