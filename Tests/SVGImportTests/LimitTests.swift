import AlphaRaster
import Foundation
import SVGImport
import Testing

struct LimitTests {
    func nested(_ depth: Int) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\" height=\"9\">\n"
            + String(repeating: "<g>", count: depth - 2) + "<path d=\"M0 0h1v1z\"/>"
            + String(repeating: "</g>", count: depth - 2) + "</svg>"
    }

    @Test func nestingUpToTheLimitWorksWithoutExhaustingTheStack() throws {
        // 256 levels: <svg>, 254 <g>s, <path>.
        let imported = try SVGImporter.parse(string: nested(256), name: "deep.svg")
        #expect(imported.icon.layers.count == 1)
    }

    /// The deepest documents the limits allow must import on a thread with a small stack
    /// (512 KiB, a secondary thread's default on macOS): parsing and drawing are iterative.
    @Test func deepestAllowedDocumentsFitASmallThreadStack() {
        var chain = #"<defs><rect id="u0" width="1" height="1"/>"#
        for k in 1...250 { chain += "<use id=\"u\(k)\" href=\"#u\(k - 1)\"/>" }
        let useChain = #"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9">"# + chain + "</defs><use href=\"#u250\"/></svg>"
        let texts = [nested(256), useChain]
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var counts: [Int] = []
        let thread = Thread {
            for text in texts {
                counts.append((try? SVGImporter.parse(string: text, name: "deep.svg").icon.layers.count) ?? -1)
            }
            done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        done.wait()
        #expect(counts == [1, 1])
    }

    @Test func nestingBeyondTheLimitIsAnErrorAtTheElement() {
        let error = importError(nested(257), name: "deep.svg")
        // The 257th element is the <path>, after <svg>'s line and 255 "<g>"s.
        #expect(error == .malformedXML(file: "deep.svg", line: 2, column: 3 * 255 + 1, reason: "elements are nested more than 256 levels deep"))
        // A hostile depth fails the same way, quickly.
        let start = ContinuousClock.now
        let hostile = String(repeating: "<g>", count: 1_000_000)
        #expect(throws: SVGError.self) { try SVGImporter.parse(string: "<svg>" + hostile, name: "h.svg") }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    /// A sheet of thousands of descendant rules over deeply nested elements is refused within
    /// a second or two (a 28 KB file took 73 s in a release build, testing rules × elements ×
    /// depth); an icon's sheet stays far inside the budget, and a smaller budget is honoured.
    /// Timed in this thread's CPU time: 1.2 s in a debug build alone, and the wall time of the
    /// test suite's parallel runs (2.2 s once) says more about the other tests than this one.
    @Test func styleMatchingHasABudget() throws {
        let hostile = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><style>"#
            + String(repeating: ".x *{}", count: 4000) + "</style>" + String(repeating: "<g>", count: 250)
            + String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 400) + String(repeating: "</g>", count: 250) + "</svg>"
        func threadSeconds() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = threadSeconds()
        #expect {
            try SVGImporter.parse(string: hostile, name: "css.svg")
        } throws: { error in
            "\(error)".contains("css.svg:1:") && "\(error)".hasSuffix("its <style> rules would take more than 2000000 selector tests to match against its elements")
        }
        #expect(threadSeconds() - start < 3)
        let icon = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><style>.a{fill:none}g .b{fill:#000}</style>"#
            + #"<g><rect class="a" width="9" height="9"/><rect class="b" x="10" width="9" height="9"/></g></svg>"#
        #expect(try SVGImporter.parse(string: icon, name: "ok.svg").icon.layers.count == 1)
        #expect(throws: SVGError.self) { try SVGImporter.parse(data: Array(icon.utf8), name: "ok.svg", limits: SVGImportLimits(maximumStyleTests: 3)) }
    }

    @Test func inputsOverTheSizeLimitAreRefusedBeforeParsing() {
        let limits = SVGImportLimits(maximumBytes: 1000)
        let big = [UInt8](repeating: 0x20, count: 1001)
        #expect(throws: SVGError.tooLarge(file: "big.svg", limit: 1000)) {
            try SVGImporter.parse(data: big, name: "big.svg", limits: limits)
        }
        #expect(SVGError.tooLarge(file: "big.svg", limit: 1000).description
            == "big.svg: the file is larger than the limit of 1000 bytes for an SVG icon")
    }

    @Test func endlessFilesStopAtTheSizeLimit() {
        let start = ContinuousClock.now
        #expect(throws: SVGError.tooLarge(file: "/dev/zero", limit: 1 << 20)) {
            try SVGImporter.load(contentsOfFile: "/dev/zero", limits: SVGImportLimits(maximumBytes: 1 << 20))
        }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func entityExpansionIsBounded() {
        // One 1000-character entity referenced 2000 times would expand to 2 MB from 10 kB.
        let value = String(repeating: "x", count: 1000)
        let references = String(repeating: "&e;", count: 2000)
        let text = "<!DOCTYPE svg [<!ENTITY e \"\(value)\">]><svg a=\"\(references)\"/>"
        let error = importError(text)
        guard case .malformedXML(_, _, _, let reason)? = error else {
            Issue.record("expected an expansion error, got \(String(describing: error))")
            return
        }
        #expect(reason == "entity expansion exceeds the size of the input (an entity-expansion bomb?)")
    }

    @Test func segmentTotalIsBounded() {
        let text = ##"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><path id="p" d="M0 0\##(String(repeating: "h1", count: 100))"/><use href="#p"/><use href="#p"/></svg>"##
        let error = importError(text)
        #expect(error == nil)
        do {
            _ = try SVGImporter.parse(string: text, name: "s.svg", limits: SVGImportLimits(maximumSegments: 250))
            Issue.record("the segment limit did not apply")
        } catch {
            guard case .invalidDocument(_, _, _, let reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(reason == "the document draws more than 250 path segments (counting <use> copies)")
        }
    }

    @Test func largeValidPathParsesQuickly() throws {
        let data = "M0 0" + String(repeating: "l1.25-.5 .5,1.5c1 2 3 4 5 6", count: 20_000)
        let start = ContinuousClock.now
        let path = try VectorPath(svgPathData: data)
        #expect(path.segments.count == 1 + 60_000)
        #expect(ContinuousClock.now - start < .seconds(3))
    }

    @Test func fileErrorsNameTheFile() throws {
        #expect(throws: SVGError.fileNotFound(path: "/nonexistent/icon.svg")) {
            try SVGImporter.load(contentsOfFile: "/nonexistent/icon.svg")
        }
        let directory = FileManager.default.temporaryDirectory.path
        do {
            _ = try SVGImporter.load(contentsOfFile: directory)
            Issue.record("a directory loaded")
        } catch {
            guard case .unreadable(let path, let reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(path == directory)
            #expect(reason == "Is a directory")
            #expect(error.description == "\(directory): cannot read: Is a directory")
        }
        let file = directory + "/svgimport-\(getpid())-test.svg"
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="3" height="3"><rect width="1" height="1"/></svg>"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let loaded = try SVGImporter.load(contentsOfFile: file)
        #expect(loaded.icon.layers.count == 1)
        #expect(loaded.icon.width == 3)
    }
}
