import SpecRunReportCore

/// The data contract between the HTML writer (Swift) and the page's script (`Resources/contract.js`): the key
/// of every member the writer may write. The writer takes keys only from these enums, and
/// `HTMLContractTests` checks that `contract.js` documents exactly these keys, so the two sides cannot drift.
///
/// The records there are few of (the run, features, rules, outlines, requirements) have readable keys. The
/// records there are many of (scenarios, steps, attachments: 50,000 scenarios make 300,000 steps) have one- or
/// two-letter keys, each documented here; a member with its default value is left out (a passed step has no `s`).
protocol HTMLKey: RawRepresentable<String>, CaseIterable {}

enum HTMLContract {
    /// The page's data: `{run, features, requirements?, runHooks?, parseErrors?, locations}`; `locations` are the
    /// step definitions' and hooks' `file:line`, which steps refer to by index (`l`).
    enum Report: String, HTMLKey {
        case run, features, requirements, runHooks, parseErrors, locations, history
    }

    /// The run's facts.
    enum Run: String, HTMLKey {
        case title, start, duration, os, runtime, implementation, cpu, success
        /// Run-level problems as the console prints them (run hooks, a failed run), one text.
        case problems
    }

    /// A BeforeAll/AfterAll hook that did not pass or attached something.
    enum RunHook: String, HTMLKey {
        case name, status, location, error, attachments
    }

    /// One unparsable file.
    enum ParseError: String, HTMLKey {
        case uri, line, column, message
    }

    /// A feature file: scenarios in pickle order; outlines and rules referred to by index.
    enum Feature: String, HTMLKey {
        case uri, keyword, name, description, tags, background, rules, outlines, scenarios
    }

    /// A Rule of a feature.
    enum Rule: String, HTMLKey {
        case keyword, name, description, tags, background
    }

    /// A Background, shown once per feature or rule: `steps` are `{k, x, tb?, ds?}` step records.
    enum Background: String, HTMLKey {
        case keyword, name, description, steps
    }

    /// A Scenario Outline, shown once with its Examples.
    enum Outline: String, HTMLKey {
        case keyword, name, description, line, rule, tags, steps, examples
    }

    /// An Examples table of an outline: `cases[i]` is the index (in the feature's `scenarios`) of row i's scenario, -1 when it did not run.
    enum Examples: String, HTMLKey {
        case keyword, name, description, tags, header, rows, cases
    }

    /// A scenario (an outline's row is one too).
    enum Scenario: String, HTMLKey {
        /// Anchor, unique in the report: written only when it is not `uri:line` (a second scenario on a line).
        case id
        /// Name.
        case n
        /// Keyword ("Scenario", "Example", "Scenario Outline").
        case k
        /// Line in the feature file.
        case l
        /// Index of its rule in the feature's `rules` (left out: none).
        case r
        /// Tags (inherited ones included).
        case t
        /// Status of the last attempt (left out: passed).
        case s
        /// Duration in nanoseconds.
        case d
        /// Description (Markdown).
        case m
        /// Outline index in the feature's `outlines`, examples index and row index (outline rows only).
        case o, e, w
        /// Attempts, when retried.
        case a
        /// Flaky: passed after a failed attempt.
        case fl
        /// How many leading steps come from the Background.
        case b
        /// Steps (`Step` records).
        case p
    }

    /// A step or a hook of a scenario.
    enum Step: String, HTMLKey {
        /// Keyword and text (steps) or label (hooks).
        case k, x, h
        /// Status (left out: passed), duration in nanoseconds, step definition or hook location (index in `locations`).
        case s, d, l
        /// Error message or stack trace.
        case e
        /// Parameters: `[[start, length]]` in Unicode scalars of `x`.
        case g
        /// Data table (rows of cells) and doc string `{c: content, m: media type}`.
        case tb, ds
        /// Snippet to implement an undefined step; ambiguous candidates.
        case sn, am
        /// Attachments.
        case at
        /// An outcome step (its pickle step's type) whose keyword the page would not read as one: written only when
        /// it is not English `Then`, nor `And`/`But`/`*` (which follow a Then), so `Alors`, `Et` after it… (absent:
        /// the keyword tells).
        case o
    }

    /// A doc string.
    enum DocString: String, HTMLKey {
        /// Content, media type.
        case c, m
    }

    /// An attachment.
    enum Attachment: String, HTMLKey {
        /// Media type, file name, body, whether the body is base64, external URL.
        case m, n, b, b64, u
    }

    /// The run's history (`--history`): `runs` oldest first, this one last (`start`, `duration` in ms, counts);
    /// `recent`: by scenario anchor, its last statuses as letters (p f a u n s x), only for scenarios that did not
    /// pass every time; `newFailures`, `fixed`, `flaky`: scenario anchors (a flaky one is never new nor fixed);
    /// `since`: `[anchor, runs, since, lastPassed]` (no lastPassed when none passed) for each scenario not passing now (ms since 1970);
    /// `criteria`: `[id, letters]` for each criterion not proven in each of the last runs, a letter per run, oldest
    /// first (p proven, f failing, x not run, u no scenario, o outside the run, - no record).
    enum History: String, HTMLKey {
        case runs, recent, newFailures, fixed, flaky, since, criteria
    }

    /// One run of the history.
    enum HistoryRun: String, HTMLKey {
        case start, duration, passed, failed, total
    }

    /// The requirements view: the coverage of the story documents' criteria.
    /// `gate`: the release gate's verdict ("Blocked: …", "Shippable: …"), `blocked` whether it blocks; both
    /// absent without marked criteria.
    enum Requirements: String, HTMLKey {
        case stories, proven, total, outside, warnings, gate, blocked
    }

    /// `narrative`: the story's "As a … I want … so that …" as the document writes it.
    enum Story: String, HTMLKey {
        case id, title, narrative, uri, line, criteria, proven, total
    }

    /// `status`: proven | failing | not-run | no-scenario | outside; `scenarios`: ids (anchors) of the scenarios
    /// proving it, `unselected` those of them the run did not select;
    /// `derived`: the id was derived from the story and the criterion's position; `broken`: failing, or held back
    /// by a scenario with steps to write or pending (what keeps the run from shipping).
    enum Criterion: String, HTMLKey {
        case id, title, type, given, when, then, uri, line, derived, status, scenarios, unselected, broken, gate
    }
}
