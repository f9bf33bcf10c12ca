import Foundation

/// The JSON embedded in an HTML report's `<script id="report-data">`, parsed.
func embeddedReportData(_ html: String) -> [String: Any]? {
    let open = #"<script type="application/json" id="report-data">"#
    guard let start = html.range(of: open), let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex) else {
        return nil
    }
    let json = String(html[start.upperBound..<end.lowerBound])
    return (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
}
