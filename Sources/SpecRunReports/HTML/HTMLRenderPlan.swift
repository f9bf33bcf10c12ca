import Foundation
import SpecRunReportCore

/// How the HTML report's features are rendered: in runs of whole features of about `chunkScenarios` scenarios,
/// each on whichever of the threads is free (`HTMLChunk`), written in order; a feature much larger than a run
/// is rendered by the writer itself when its turn comes, streaming, so no piece of the report is held whole.
/// A small run is all rendered by the writer (no threads).
struct HTMLRenderPlan {
    enum Piece {
        /// The chunk at this position in `chunks`.
        case chunk(Int)
        /// The feature at this position, rendered by the writer.
        case inline(Int)
    }

    private(set) var pieces: [Piece] = []
    /// The features of each chunk, by position.
    private(set) var chunks: [Range<Int>] = []
    let threads: Int

    init(
        scenarioCounts: [Int], chunkScenarios: Int = 256,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.threads = threads
        let total = scenarioCounts.reduce(0, +)
        guard threads > 1, total >= 2 * chunkScenarios else {
            pieces = scenarioCounts.indices.map(Piece.inline)
            return
        }
        var start = 0, gathered = 0
        func close(at end: Int) {
            guard end > start else { return }
            pieces.append(.chunk(chunks.count))
            chunks.append(start..<end)
        }
        for (position, count) in scenarioCounts.enumerated() {
            if count > 4 * chunkScenarios {
                close(at: position)
                pieces.append(.inline(position))
                start = position + 1
                gathered = 0
                continue
            }
            gathered += count
            if gathered >= chunkScenarios {
                close(at: position + 1)
                start = position + 1
                gathered = 0
            }
        }
        close(at: scenarioCounts.count)
    }
}
