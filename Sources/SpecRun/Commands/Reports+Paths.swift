import Foundation
import SpecRunCore
import SpecRunWorkers

extension Reports {
    /// A report that cannot be written was found only when the run ended: after every scenario ran, its exit code
    /// then hiding theirs. Each report's folder is made now and a file tried in it, before anything runs.
    static func checkWritable(_ requests: [FormatRequest]) throws {
        for request in requests {
            // (A device, a FIFO or a folder is written in place, or refused when the run ends; a file through a
            // temporary file beside it.)
            guard let path = request.path.map(absolute), !WritableFolder.isThereAndNotAFile(path) else { continue }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if let problem = WritableFolder.problem(folder) {
                throw UsageError(
                    message: "cannot write the \(request.name) report to \(request.path ?? path): \(problem); "
                        + "give a path in a folder you can write (nothing ran)")
            }
        }
    }
}
