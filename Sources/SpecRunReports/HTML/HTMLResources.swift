import SpecRunReportCore

/// The page's stylesheet and script, embedded at build time from `Resources/` (SwiftPM `.embedInCode`), so the
/// report stays one self-contained file. The script files are joined in this order inside one function scope.
enum HTMLResources {
    static let styleFiles: [[UInt8]] = [PackageResources.base_css, PackageResources.components_css, PackageResources.responsive_css]

    static let scriptFiles: [(name: String, bytes: [UInt8])] = [
        ("dom.js", PackageResources.dom_js),
        ("contract.js", PackageResources.contract_js),
        ("tags.js", PackageResources.tags_js),
        ("query.js", PackageResources.query_js),
        ("markdown-inline.js", PackageResources.markdown_inline_js),
        ("markdown-blocks.js", PackageResources.markdown_blocks_js),
        ("attachments.js", PackageResources.attachments_js),
        ("steps.js", PackageResources.steps_js),
        ("scenarios.js", PackageResources.scenarios_js),
        ("features.js", PackageResources.features_js),
        ("triage.js", PackageResources.triage_js),
        ("history.js", PackageResources.history_js),
        ("overview.js", PackageResources.overview_js),
        ("requirements.js", PackageResources.requirements_js),
        ("app.js", PackageResources.app_js),
    ]

    static let css: String = styleFiles.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")

    static let script: String =
        "(function () {\n'use strict';\n"
        + scriptFiles.map { "// ---- \($0.name)\n" + String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")
        + "})();\n"
}
