import Foundation
import TagExpressions

extension SpecSuite {
    /// Why a suite's selection selects nothing it was meant to, as `specrun` says it for `--tags`, `--name` and a
    /// path (there exit 2); nil when it is sound. A `SPECRUN_SCENARIO` is checked only when nothing was selected:
    /// it must be a scenario of `folder`, whatever the tags and name.
    static func selectionProblem(
        tags: String?, name: String?, scenario: String?, selectsAny: Bool, folder: String, root: URL
    ) -> String? {
        let fix = "; no scenario ran: fix it or unset it"
        if let tags {
            do {
                _ = try TagExpression.parse(tags)
            } catch {
                return "bad tag expression '\(tags)' in SPECRUN_TAGS (or the suite's tags:): \(error)" + fix
            }
        }
        if let name, (try? NSRegularExpression(pattern: name)) == nil {
            return "bad --name regular expression '\(name)' in SPECRUN_NAME (or the suite's name:): not a valid regular "
                + "expression" + fix
        }
        if !selectsAny, let scenario,
            SpecScenario.all(in: folder, root: root, tags: nil, name: nil, scenario: scenario).isEmpty
        {
            return "SPECRUN_SCENARIO '\(scenario)' is no scenario of \(folder)/: give a scenario's selector "
                + "(\(folder)/shop.feature:12, the line of its Scenario or Examples row) or its whole name" + fix
        }
        return nil
    }
}
