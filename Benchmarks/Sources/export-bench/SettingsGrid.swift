import Foundation

/// `export-bench --settings-grid`: every row filter × zlib setting (`EncodingTable.gridRows`)
/// for each colour type the encoder writes morph frames in — indexed, gray+alpha, RGBA — on
/// the benchmark's two frame sets: the figures the presets are chosen from.
enum SettingsGrid {
    static func run(quick: Bool, resultsFolder: String?, command: String) throws {
        let sets = try FrameSet.benchmarkSets(quick: quick)
        let loadBefore = loadAverage()
        let runs = [(sets[0], quick ? 3 : 15), (sets[1], quick ? 1 : 5)]
        let table = try EncodingTable.run(EncodingTable.gridRows(), sets: runs)
        let loadAfter = loadAverage()
        let note = "Per frame: the median thread CPU time of \(runs[0].1) passes over the 132 px set (\(sets[0].alpha.count) frames) "
            + "and \(runs[1].1) over the 1024 px set (\(sets[1].alpha.count) frames), after one untimed pass, one encoder reused "
            + "(`PNGEncoder`, libpng); bytes are the mean file size. Indexed: the alpha planes with colour #000001, so never "
            + "gray+alpha (the same indices as black); gray+alpha and RGBA: `PNGImage` frames with `reducesColorType` off. "
            + "Every file decodes (libpng) to its frame exactly. With run-length matching or Huffman coding only, zlib's "
            + "level makes no difference (except 0)."
        print("\n" + note)
        if let resultsFolder {
            let path = resultsFolder + "/png-settings.md"
            try ResultsFile.write(
                to: path, generator: "Benchmarks export-bench --settings-grid",
                title: "PNG encoder settings on morph frames: row filter × zlib, per colour type",
                commits: "Library `\(libraryCommit())`", command: command, loadBefore: loadBefore, loadAfter: loadAfter,
                body: table + ["", note])
            print("\nwrote \(path)")
        }
    }
}
