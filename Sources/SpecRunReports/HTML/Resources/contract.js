// The data contract with the Swift writer (Sources/SpecRunReports/HTML/HTMLContract.swift): the page reads
// the JSON of the report-data script element. HTMLContractTests checks that the @property keys of each typedef below
// are exactly the keys of the Swift enum of the same name.

/** @typedef {Object} Report
 * @property {Run} run
 * @property {Feature[]} features
 * @property {Requirements} [requirements]
 * @property {History} [history] the runs before this one (--history)
 * @property {RunHook[]} [runHooks]
 * @property {ParseError[]} [parseErrors] @property {string[]} locations file:line, referred to by steps' `l`
 */
/** @typedef {Object} Run
 * @property {string} title @property {string} [start] @property {number} duration
 * @property {string} [os] @property {string} [runtime] @property {string} [implementation] @property {string} [cpu]
 * @property {boolean} [success] @property {string} [problems]
 */
/** @typedef {Object} RunHook
 * @property {string} name @property {string} status @property {string} [location] @property {string} [error]
 * @property {Attachment[]} [attachments]
 */
/** @typedef {Object} ParseError
 * @property {string} uri @property {number} [line] @property {number} [column] @property {string} message
 */
/** @typedef {Object} Feature
 * @property {string} uri @property {string} keyword @property {string} name @property {string} [description]
 * @property {string[]} tags @property {Background} [background] @property {Rule[]} rules
 * @property {Outline[]} outlines @property {Scenario[]} scenarios
 */
/** @typedef {Object} Rule
 * @property {string} keyword @property {string} name @property {string} [description] @property {string[]} tags
 * @property {Background} [background]
 */
/** @typedef {Object} Background
 * @property {string} keyword @property {string} [name] @property {string} [description] @property {Step[]} steps
 */
/** @typedef {Object} Outline
 * @property {string} keyword @property {string} name @property {string} [description] @property {number} line
 * @property {number} rule @property {string[]} tags @property {Step[]} steps @property {Examples[]} examples
 */
/** @typedef {Object} Examples
 * @property {string} keyword @property {string} name @property {string} [description] @property {string[]} tags
 * @property {string[]} header @property {string[][]} rows @property {number[]} cases
 */
/** @typedef {Object} Scenario
 * @property {string} [id] anchor (uri:line when absent) @property {string} n name @property {string} k keyword @property {number} l line
 * @property {number} [r] rule @property {string[]} t tags @property {string} [s] status (passed when absent)
 * @property {number} [d] duration ns @property {string} [m] description @property {number} [o] outline
 * @property {number} [e] examples @property {number} [w] row @property {number} [a] attempts @property {boolean} [fl] flaky
 * @property {number} [b] background steps @property {Step[]} p steps
 */
/** @typedef {Object} Step
 * @property {string} [k] keyword @property {string} [x] text @property {string} [h] hook label
 * @property {string} [s] status (passed when absent) @property {number} [d] duration ns @property {number} [l] location (index in locations)
 * @property {string} [e] error @property {number[][]} [g] parameters [start, length] in code points
 * @property {string[][]} [tb] data table @property {DocString} [ds] doc string @property {string} [sn] snippet
 * @property {string[]} [am] ambiguous candidates @property {Attachment[]} [at] attachments
 * @property {boolean} [o] an outcome step (a Then) whose keyword is not English `Then`, nor `And`/`But`/`*` after one
 */
/** @typedef {Object} DocString @property {string} c content @property {string} [m] media type */
/** @typedef {Object} Attachment
 * @property {string} m media type @property {string} [n] file name @property {string} [b] body
 * @property {boolean} [b64] base64 body @property {string} [u] url
 */
/** @typedef {Object} History
 * @property {HistoryRun[]} runs oldest first, this run last @property {Array} recent [anchor, status letters] pairs
 * @property {string[]} newFailures @property {string[]} fixed @property {string[]} flaky scenario anchors
 * @property {Array} since [anchor, runs, since ms, last passed ms (absent: never)] of the scenarios not passing now
 * @property {Array} [criteria] [criterion id, a letter per run: p f x u o -] of the criteria not proven in each run
 */
/** @typedef {Object} HistoryRun
 * @property {number} start ms since 1970 @property {number} duration ms @property {number} passed
 * @property {number} failed @property {number} total
 */
/** @typedef {Object} Requirements
 * @property {Story[]} stories @property {number} proven @property {number} total
 * @property {number} outside criteria whose scenarios the run did not select @property {string[]} warnings
 * @property {string} [gate] the release gate's verdict @property {boolean} [blocked] whether it blocks the release
 */
/** @typedef {Object} Story
 * @property {string} id @property {string} title @property {string} [narrative] @property {string} [uri]
 * @property {number} [line] @property {Criterion[]} criteria @property {number} proven @property {number} total
 */
/** @typedef {Object} Criterion
 * @property {string} id @property {string} title @property {string} [type] @property {string[]} given
 * @property {string[]} when @property {string[]} then @property {string} [uri] @property {number} [line]
 * @property {boolean} [derived] id derived from the story and position
 * @property {boolean} [broken] failing, or held back by an undefined or pending scenario
 * @property {string} [gate] must | should: the release gate's mark
 * @property {string} status proven | failing | not-run | no-scenario | outside @property {string[]} scenarios anchors
 * @property {string[]} [unselected] the anchors of those scenarios the run did not select
 */

/** Reads the report's data and links it up: every scenario gets its feature (`f`), status and position. */
function loadReport() {
  /** @type {Report} */
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var model = { data: data, run: data.run || {}, features: data.features || [], scenarios: [], byId: {} };
  var locations = data.locations || [];
  model.features.forEach(function (feature, f) {
    feature.index = f;
    feature.outlines = feature.outlines || [];
    feature.scenarios.forEach(function (sc, i) {
      sc.f = f;
      sc.i = i;
      if (!sc.s) sc.s = 'passed';
      if (!sc.id) sc.id = feature.uri + ':' + sc.l;
      for (var k = 0; k < sc.p.length; k++) if (typeof sc.p[k].l === 'number') sc.p[k].l = locations[sc.p[k].l];
      model.scenarios.push(sc);
      model.byId[sc.id] = sc;
    });
  });
  return model;
}

function stepStatus(step) { return step.s || 'passed'; }
