import SpecRunReportCore

/// A run of whole features of the HTML report's data, rendered on a thread of its own by a writer without an
/// output (`HTMLDataWriter.init(pieceAfterComma:)`): its bytes with the location numbers left out, where each
/// goes, and the location texts it numbered (in the order it first used them).
struct HTMLChunk: Sendable {
    /// Where a location's number goes in `bytes`, and the number the chunk gave it.
    struct Splice: Sendable {
        let offset: Int
        let number: Int
    }

    let bytes: [UInt8]
    let splices: [Splice]
    let locations: [String]
}
