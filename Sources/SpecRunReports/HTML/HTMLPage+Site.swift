import SpecRunReportCore

/// A feature's page of an `html-site` folder: the one-file page's template and data, with the shared script and
/// stylesheet of `../assets/` in place of inline ones.
extension HTMLPage {
    /// Scripts from the folder only (the shared script: a file's hash cannot be checked on `file://`, where
    /// Subresource Integrity needs CORS), no inline script; the data block is JSON, which no policy runs.
    static let siteCSP =
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'self' 'unsafe-inline'; "
        + "script-src 'self'; img-src data:; media-src data:; base-uri 'none'; form-action 'none'\">"

    static func writeSitePage(model: HTMLModel, firstScreen: HTMLFirstScreen, title: String, to output: DocumentOutput) {
        var head = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" + siteCSP + "\n"
        head += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"specrun\">\n"
        head += "<title>" + escape(title) + "</title>\n<link rel=\"stylesheet\" href=\"../assets/report.css\">\n</head>\n"
        head += HTMLTemplate.body(firstScreen).replacingOccurrences(
            of: "<body>\n",
            with: "<body>\n"
                + "<p class=\"site-back\" style=\"margin:8px 24px\"><a href=\"../index.html\">\u{2190} Every feature</a></p>\n")
        head += "<script type=\"application/json\" id=\"report-data\">"
        output.write(head)
        model.write(to: output)
        output.write("</script>\n<script src=\"../assets/report.js\"></script>\n</body>\n</html>\n")
    }
}
