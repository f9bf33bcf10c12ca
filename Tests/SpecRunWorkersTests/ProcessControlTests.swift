import SpecRunCore
import XCTest

@testable import SpecRunWorkers

final class ProcessControlTests: XCTestCase {
    func test_carries_findsTheVariableAsAWholeEntryAnywhereInTheEnvironment() {
        let needle = Array("SPECRUN_WORKER_TOKEN=1.0.42\u{0}".utf8)
        let blocks = [
            "SPECRUN_WORKER_TOKEN=1.0.42\u{0}PATH=/bin\u{0}": true,
            "PATH=/bin\u{0}SPECRUN_WORKER_TOKEN=1.0.42\u{0}": true,
            "A=SPECRUN_WORKER_TOKEN=1.0.42\u{0}SPECRUN_WORKER_TOKEN=1.0.42\u{0}": true,  // a value that ends like it, then it
            "A=SPECRUN_WORKER_TOKEN=1.0.42\u{0}PATH=/bin\u{0}": false,  // only inside another's value
            "SPECRUN_WORKER_TOKEN=1.0.421\u{0}": false,  // another worker's token
            "SPECRUN_WORKER_TOKEN=1.0.4": false,  // cut short
            "": false,
        ]
        for (block, expected) in blocks {
            XCTAssertEqual(ProcessControl.carries(Array(block.utf8), needle), expected, block.debugDescription)
        }
    }
}
