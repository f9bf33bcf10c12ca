import SpecRunReportCore
import SpecRunReports

/// Whether a format writes to this process's stdout: it has no path, or its path names descriptor 1
/// (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`). Two such formats would interleave, and a summary added
/// after such a stream would corrupt it.
extension FormatRequest {
    var writesToStdout: Bool {
        path.map { ReportPath.descriptor(named: $0) == 1 } ?? true
    }
}
