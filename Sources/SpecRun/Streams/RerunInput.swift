import Foundation
import SpecRunWorkers

/// `specrun @rerun.txt` after a run where everything passed: the rerun report is empty, and so is what there is
/// to run again. That is no error and no "no scenario matched" (as cucumber-js, an empty rerun file runs
/// nothing): one line, exit 0.
enum RerunInput {
    /// The line to print when every path is a rerun file (`@FILE`) and every one of them is empty (whitespace
    /// only); nil otherwise (a missing rerun file is the run's own error to report).
    static func nothingToRerun(
        _ paths: [String],
        read: (String) -> String? = { path in
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        }
    ) -> String? {
        guard !paths.isEmpty, paths.allSatisfy({ $0.hasPrefix("@") }) else { return nil }
        for path in paths {
            guard let text = read(String(path.dropFirst())),
                text.allSatisfy({ $0.isWhitespace })
            else { return nil }
        }
        let files = paths.map { String($0.dropFirst()) }.joined(separator: ", ")
        return
            "\(ProgramName.current): nothing to rerun: \(files) \(paths.count == 1 ? "is" : "are") empty (the last run had no failed scenario)\n"
    }
}
