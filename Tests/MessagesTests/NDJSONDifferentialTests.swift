import Foundation
import Messages
import XCTest

/// Mutated official lines: whatever the generated decoder accepts, JSONDecoder accepts with the same value
/// (the other way round is covered by NDJSON.decode falling back to JSONDecoder).
final class NDJSONDifferentialTests: XCTestCase {
    func test_fastDecode_acceptsOnlyWhatJSONDecoderAcceptsOnMutatedSharedLines() throws {
        var lines: [String] = []
        for file in try sharedStreams() { lines += try nonBlankLines(of: file).map(\.text).filter { $0.utf8.count < 3000 } }
        var random = SeededRandom(seed: 42)
        var compared = 0
        var bothAccepted = 0
        for _ in 0..<3000 {
            let original = lines[Int(random.next() % UInt64(lines.count))]
            let mutated = mutate(original, &random)
            let fast = try? fastDecode(mutated)
            let reference = try? referenceDecode(mutated)
            if let fast {
                XCTAssertEqual(fast, reference, "accepted differently: \(mutated)")
                bothAccepted += 1
            }
            compared += 1
        }
        XCTAssertEqual(compared, 3000)
        XCTAssertGreaterThan(bothAccepted, 100)
    }

    private func mutate(_ line: String, _ random: inout SeededRandom) -> String {
        var bytes = Array(line.utf8)
        let insertions: [String] = [
            "\"", "\\", ",", ":", "{", "}", "[", "]", "0", "-", ".", "e", " ", "null", "1.0",
            "\\u00e9", "\\ud800", "\"x\":1,", "\"id\":\"dup\",", "\u{1}", "é", "true",
        ]
        for _ in 0..<(1 + Int(random.next() % 2)) {
            guard !bytes.isEmpty else { break }
            let position = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 3 {
            case 0: bytes.remove(at: position)
            case 1: bytes.insert(contentsOf: Array(insertions[Int(random.next() % UInt64(insertions.count))].utf8), at: position)
            default:
                let replacements = Array("0\"x,:{}[]9 ".utf8)
                bytes[position] = replacements[Int(random.next() % UInt64(replacements.count))]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// xorshift64*: deterministic, so a failure reproduces.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
