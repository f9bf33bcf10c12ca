extension HTMLTemplate {
    /// Renders the embedded JSON with DOM APIs only (textContent, never innerHTML), lazily: a feature's
    /// scenarios are built when it is opened, 100 at a time.
    static let script = #"""
    (function () {
      'use strict';
      var data = JSON.parse(document.getElementById('report-data').textContent);
      var STATUSES = ['passed', 'failed', 'pending', 'undefined', 'ambiguous', 'skipped', 'unknown'];
      var LABEL = { passed: 'passed', failed: 'failed', pending: 'pending', undefined: 'undefined', ambiguous: 'ambiguous', skipped: 'skipped', unknown: 'not run' };
      var SEVERITY = { unknown: 0, passed: 1, skipped: 2, pending: 3, undefined: 4, ambiguous: 5, failed: 6 };
      var ICON = { passed: '\u2714', failed: '\u2718', pending: '\u25A0', undefined: '?', ambiguous: '\u2718', skipped: '\u21B7', unknown: '\u00B7' };
      var CHUNK = 100;
      var SVG = 'http://www.w3.org/2000/svg';

      // ---------- DOM helpers ----------
      function el(tag, className, text) {
        var node = document.createElement(tag);
        if (className) node.className = className;
        if (text !== undefined && text !== null) node.textContent = String(text);
        return node;
      }
      function add(parent) {
        for (var i = 1; i < arguments.length; i++) {
          var child = arguments[i];
          if (child === null || child === undefined) continue;
          parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
        }
        return parent;
      }
      function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
      function svg(tag, attrs) {
        var node = document.createElementNS(SVG, tag);
        for (var key in attrs) node.setAttribute(key, attrs[key]);
        return node;
      }
      function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }
      function duration(nanos) {
        if (!nanos) return '';
        var ms = nanos / 1e6;
        if (ms < 1) return '<1 ms';
        if (ms < 1000) return Math.round(ms) + ' ms';
        var s = ms / 1000;
        if (s < 60) return s.toFixed(2) + ' s';
        return Math.floor(s / 60) + ' min ' + Math.round(s % 60) + ' s';
      }
      function worst(list) {
        var result = null;
        for (var i = 0; i < list.length; i++) if (result === null || SEVERITY[list[i]] > SEVERITY[result]) result = list[i];
        return result || 'unknown';
      }
      function safeHref(url) { return /^(https?:|mailto:|#)/i.test(url) ? url : null; }

      // ---------- Markdown (a safe subset rendered to DOM) ----------
      function dedent(text) {
        var lines = text.replace(/\r\n?/g, '\n').split('\n');
        var min = Infinity;
        lines.forEach(function (line) { if (line.trim()) min = Math.min(min, line.match(/^[ \t]*/)[0].length); });
        if (min === Infinity) min = 0;
        return lines.map(function (line) { return line.slice(min); });
      }
      function inline(parent, text) {
        var pattern = /(`[^`]+`)|(\*\*[^*]+\*\*)|(__[^_]+__)|(\*[^*\s][^*]*\*)|(\b_[^_\s][^_]*_\b)|(\[[^\]]+\]\([^)\s]+\))/g;
        var last = 0, match;
        while ((match = pattern.exec(text)) !== null) {
          if (match.index > last) add(parent, text.slice(last, match.index));
          var token = match[0];
          if (match[1]) add(parent, el('code', null, token.slice(1, -1)));
          else if (match[2] || match[3]) inline(add(parent, el('strong')).lastChild, token.slice(2, -2));
          else if (match[4] || match[5]) inline(add(parent, el('em')).lastChild, token.slice(1, -1));
          else {
            var label = token.slice(1, token.indexOf(']('));
            var href = safeHref(token.slice(token.indexOf('](') + 2, -1));
            if (href) {
              var a = el('a', null, label);
              a.href = href; a.rel = 'noopener noreferrer'; a.target = '_blank';
              add(parent, a);
            } else add(parent, label);
          }
          last = match.index + token.length;
        }
        if (last < text.length) add(parent, text.slice(last));
        return parent;
      }
      function cells(line) {
        return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map(function (c) { return c.trim(); });
      }
      // Gherkin narratives keep their lines ("As a …", "I want …", "So that …"); wrapped prose joins up.
      var NARRATIVE = /^(as an?|i want|i would like|i'd like|so that|in order to|given|when|then)\b/i;
      function markdown(text) {
        var box = el('div', 'description');
        var lines = dedent(text), i = 0, paragraph = [];
        function flush() {
          if (!paragraph.length) return;
          var p = el('p');
          paragraph.forEach(function (line, n) {
            if (n > 0) {
              if (/[.!?:;]$/.test(paragraph[n - 1]) || NARRATIVE.test(line)) add(p, el('br')); else add(p, ' ');
            }
            inline(p, line);
          });
          add(box, p);
          paragraph = [];
        }
        while (i < lines.length) {
          var line = lines[i], trimmed = line.trim(), m;
          if (!trimmed) { flush(); i++; continue; }
          if (/^```/.test(trimmed)) {
            flush();
            var code = [];
            i++;
            while (i < lines.length && !/^```/.test(lines[i].trim())) code.push(lines[i++]);
            i++;
            add(box, add(el('pre'), el('code', null, code.join('\n'))));
            continue;
          }
          if ((m = trimmed.match(/^(#{1,6})\s+(.*)$/))) {
            flush();
            add(box, inline(el('h' + Math.min(6, m[1].length + 3)), m[2]));
            i++; continue;
          }
          if (/^\|/.test(trimmed) && i + 1 < lines.length && /^\|?\s*:?-{2,}/.test(lines[i + 1].trim())) {
            flush();
            var table = el('table'), head = add(el('tr'));
            cells(trimmed).forEach(function (c) { add(head, inline(el('th'), c)); });
            add(table, head);
            i += 2;
            while (i < lines.length && /^\|/.test(lines[i].trim())) {
              var row = el('tr');
              cells(lines[i]).forEach(function (c) { add(row, inline(el('td'), c)); });
              add(table, row);
              i++;
            }
            add(box, table);
            continue;
          }
          if ((m = trimmed.match(/^([-*+]|\d+[.)])\s+(.*)$/))) {
            flush();
            var ordered = /\d/.test(m[1]), list = el(ordered ? 'ol' : 'ul');
            while (i < lines.length && (m = lines[i].trim().match(/^([-*+]|\d+[.)])\s+(.*)$/))) {
              add(list, inline(el('li'), m[2]));
              i++;
            }
            add(box, list);
            continue;
          }
          paragraph.push(trimmed);
          i++;
        }
        flush();
        return box;
      }

      // ---------- Data ----------
      var features = data.features || [];
      var scenarios = [];
      var byId = {};
      features.forEach(function (feature, f) {
        feature.index = f;
        feature.sc.forEach(function (sc) {
          sc.f = f;
          scenarios.push(sc);
          byId[sc.id] = sc;
        });
      });
      function searchText(sc) {
        if (sc.search === undefined) {
          var feature = features[sc.f];
          var parts = [sc.n, feature.n, feature.u + ':' + sc.l];
          if (sc.r >= 0) parts.push(feature.r[sc.r].n);
          sc.st.forEach(function (step) { parts.push((step.k || '') + (step.t || step.h || '')); });
          sc.search = parts.join('\n').toLowerCase();
          sc.tagsLower = sc.tg.map(function (t) { return t.toLowerCase(); });
        }
        return sc.search;
      }

      var state = { words: [], tags: [], statuses: {}, open: {}, shown: {}, view: 'features' };
      function anyStatusFilter() { for (var k in state.statuses) if (state.statuses[k]) return true; return false; }
      function matches(sc) {
        if (anyStatusFilter() && !state.statuses[sc.s]) return false;
        if (!state.words.length && !state.tags.length) return true;
        var text = searchText(sc);
        for (var i = 0; i < state.words.length; i++) if (text.indexOf(state.words[i]) < 0) return false;
        for (var j = 0; j < state.tags.length; j++) {
          var tag = state.tags[j], found = false;
          for (var k = 0; k < sc.tagsLower.length; k++) if (sc.tagsLower[k].indexOf(tag) === 0) { found = true; break; }
          if (!found) return false;
        }
        return true;
      }
      function counts(list) {
        var result = {};
        list.forEach(function (sc) { result[sc.s] = (result[sc.s] || 0) + 1; });
        return result;
      }

      // ---------- Header: title, run facts, chart, filters ----------
      var run = data.run || {};
      document.getElementById('title').textContent = run.ti || 'Living documentation';
      var metaParts = [];
      if (run.start) metaParts.push(new Date(run.start).toLocaleString());
      if (run.du !== undefined) metaParts.push('took ' + (duration(run.du) || '0 ms'));
      if (run.impl) metaParts.push(run.impl);
      if (run.rt) metaParts.push(run.rt);
      if (run.os) metaParts.push(run.os + (run.cpu ? ' (' + run.cpu + ')' : ''));
      document.getElementById('run-meta').textContent = metaParts.join(' \u00B7 ');
      if (run.problems) {
        var problems = document.getElementById('problems');
        problems.textContent = run.problems;
        problems.hidden = false;
      }

      var totals = counts(scenarios);
      (function chart() {
        var total = scenarios.length, passed = totals.passed || 0;
        var box = svg('svg', { width: '92', height: '92', viewBox: '0 0 42 42', role: 'img' });
        add(box, svg('circle', { cx: '21', cy: '21', r: '15.9155', fill: 'none', stroke: 'var(--code)', 'stroke-width': '5' }));
        var offset = 25;
        STATUSES.forEach(function (status) {
          var n = totals[status] || 0;
          if (!n) return;
          var share = 100 * n / total;
          add(box, svg('circle', { cx: '21', cy: '21', r: '15.9155', fill: 'none', stroke: 'var(--' + status + ')',
            'stroke-width': '5', 'stroke-dasharray': share + ' ' + (100 - share), 'stroke-dashoffset': String(offset) }));
          offset -= share;
        });
        var rate = total ? Math.floor(100 * passed / total) : 0;
        var label = svg('text', { x: '21', y: '22', 'text-anchor': 'middle', class: 'rate', id: 'pass-rate' });
        label.textContent = rate + '%';
        var sub = svg('text', { x: '21', y: '28', 'text-anchor': 'middle', class: 'rate-label' });
        sub.textContent = 'passed';
        add(box, label, sub);
        var title = svg('title', {});
        title.textContent = 'Pass rate: ' + passed + ' of ' + total + ' scenarios passed';
        add(box, title);
        add(document.getElementById('chart'), box);
      })();

      var filterBox = document.getElementById('filters');
      var totalButton = el('button', 'filter');
      totalButton.type = 'button';
      totalButton.dataset.status = 'all';
      add(totalButton, el('span', 'count', scenarios.length), scenarios.length === 1 ? ' scenario' : ' scenarios');
      totalButton.title = 'Show every scenario';
      totalButton.addEventListener('click', function () { state.statuses = {}; update(); });
      add(filterBox, totalButton);
      STATUSES.forEach(function (status) {
        if (!totals[status]) return;
        var button = el('button', 'filter');
        button.type = 'button';
        button.dataset.status = status;
        button.setAttribute('aria-pressed', 'false');
        add(button, el('span', 'dot s-' + status), el('span', 'count', totals[status]), ' ' + LABEL[status]);
        button.title = 'Show only ' + LABEL[status] + ' scenarios (click again to clear)';
        button.addEventListener('click', function () {
          state.statuses[status] = !state.statuses[status];
          update();
        });
        add(filterBox, button);
      });
      var stepTotals = {}, stepCount = 0;
      scenarios.forEach(function (sc) {
        sc.st.forEach(function (step) { if (step.t !== undefined) { stepTotals[step.s] = (stepTotals[step.s] || 0) + 1; stepCount++; } });
      });
      document.getElementById('steps-line').textContent = plural(stepCount, 'step') + ': ' + STATUSES.filter(function (s) { return stepTotals[s]; })
        .map(function (s) { return stepTotals[s] + ' ' + LABEL[s]; }).join(', ') + ' \u00B7 ' + plural(features.length, 'feature');

      // ---------- Scenarios that need attention (failed, undefined, pending, ambiguous) ----------
      (function attention() {
        var problems = scenarios.filter(function (sc) { return SEVERITY[sc.s] >= SEVERITY.pending; })
          .sort(function (a, b) { return SEVERITY[b.s] - SEVERITY[a.s]; });
        if (!problems.length) return;
        var box = document.getElementById('attention'), list = document.getElementById('attention-list');
        document.getElementById('attention-title').textContent = plural(problems.length, 'scenario') + ' need' + (problems.length === 1 ? 's' : '') + ' attention';
        problems.slice(0, 50).forEach(function (sc) {
          var li = el('li'), a = el('a', null, features[sc.f].n + ' \u203A ' + sc.n);
          a.href = '#' + encodeURIComponent(sc.id);
          add(li, el('span', 'icon s-' + sc.s, ICON[sc.s] + ' '), el('span', 'st-text s-' + sc.s, LABEL[sc.s] + ': '), a);
          add(list, li);
        });
        if (problems.length > 50) add(list, el('li', 'empty', 'and ' + (problems.length - 50) + ' more: use the status filters above.'));
        box.hidden = false;
      })();

      // ---------- Features view ----------
      var featuresView = document.getElementById('features-view');
      var featureNodes = [];
      function tagChips(tags) {
        var box = el('span', 'tags');
        tags.forEach(function (tag) {
          var chip = el('button', 'tag', tag);
          chip.type = 'button';
          chip.title = 'Search for ' + tag;
          chip.addEventListener('click', function (event) {
            event.stopPropagation();
            search.value = tag;
            applySearch();
          });
          add(box, chip);
        });
        return box;
      }
      function statusBar(list) {
        var bar = el('span', 'bar'), c = counts(list);
        STATUSES.forEach(function (status) {
          if (!c[status]) return;
          var part = el('span', 's-' + status);
          part.style.width = (100 * c[status] / list.length) + '%';
          add(bar, part);
        });
        return bar;
      }
      features.forEach(function (feature, f) {
        var section = el('section', 'feature');
        section.dataset.feature = String(f);
        var head = el('button', 'feature-head');
        head.type = 'button';
        head.setAttribute('aria-expanded', 'false');
        var title = el('span', 'feature-title');
        add(title, el('span', 'kw', feature.kw + ': '), feature.n, el('span', 'uri', feature.u));
        if (feature.tg.length) add(title, tagChips(feature.tg));
        var mini = el('span', 'mini-counts');
        add(head, el('span', 'chevron', '\u25B8'), title, mini, statusBar(feature.sc));
        var body = el('div', 'feature-body');
        body.hidden = true;
        head.addEventListener('click', function () { toggle(f); });
        add(section, head, body);
        add(featuresView, section);
        featureNodes.push({ section: section, head: head, body: body, mini: mini });
      });

      function toggle(f, open) {
        var isOpen = open === undefined ? !state.open[f] : open;
        state.open[f] = isOpen;
        renderFeature(f);
      }
      function renderFeature(f) {
        var node = featureNodes[f], feature = features[f];
        node.section.classList.toggle('open', !!state.open[f]);
        node.head.setAttribute('aria-expanded', state.open[f] ? 'true' : 'false');
        node.body.hidden = !state.open[f];
        clear(node.body);
        if (!state.open[f]) return;
        if (feature.d && feature.d.trim()) add(node.body, markdown(feature.d));
        var visible = feature.sc.filter(matches);
        var limit = state.shown[f] || CHUNK;
        var lastRule = -1;
        visible.slice(0, limit).forEach(function (sc) {
          if (sc.r !== lastRule && sc.r >= 0) {
            var rule = feature.r[sc.r], ruleBox = el('div', 'rule'), h = el('h3');
            add(h, el('span', 'kw', rule.kw + ': '), rule.n);
            if (rule.tg.length) add(h, tagChips(rule.tg));
            add(ruleBox, h);
            if (rule.d && rule.d.trim()) add(ruleBox, markdown(rule.d));
            add(node.body, ruleBox);
          }
          lastRule = sc.r;
          add(node.body, renderScenario(sc, feature));
        });
        if (!visible.length) add(node.body, el('p', 'empty', 'No scenario of this feature matches the search and filters.'));
        if (visible.length > limit) {
          var more = el('button', 'more', 'Show ' + Math.min(CHUNK, visible.length - limit) + ' more (' + (visible.length - limit) + ' not shown)');
          more.type = 'button';
          more.addEventListener('click', function () { state.shown[f] = limit + CHUNK; renderFeature(f); });
          add(node.body, more);
        }
      }

      function renderScenario(sc, feature) {
        var box = el('article', 'scenario s-' + sc.s);
        box.id = sc.id;
        var head = el('div', 'scenario-head');
        var name = el('span', 'scenario-name');
        add(name, el('span', 'kw', sc.kw + ': '), sc.n);
        var anchor = el('a', 'anchor', '#');
        anchor.href = '#' + encodeURIComponent(sc.id);
        anchor.title = 'Link to this scenario';
        add(head, el('span', 'badge s-' + sc.s, LABEL[sc.s]), name, anchor);
        var own = sc.tg.filter(function (t) { return feature.tg.indexOf(t) < 0 && (sc.r < 0 || feature.r[sc.r].tg.indexOf(t) < 0); });
        if (own.length) add(head, tagChips(own));
        var right = el('span', 'right', feature.u + ':' + sc.l + (sc.du ? ' \u00B7 ' + duration(sc.du) : '') + (sc.at ? ' \u00B7 ' + sc.at + ' attempts' : ''));
        add(head, right);
        add(box, head);
        if (sc.ex) add(box, el('div', 'extra-title', 'Example from \u201C' + sc.ex + '\u201D'));
        if (sc.d && sc.d.trim()) add(box, markdown(sc.d));
        var list = el('ol', 'steps');
        sc.st.forEach(function (step) { add(list, renderStep(step)); });
        if (!sc.st.length) add(list, el('li', 'empty', 'No steps.'));
        add(box, list);
        return box;
      }

      function titled(title, content, copyText) {
        var wrap = el('div', 'extra');
        var t = el('div', 'extra-title', title);
        if (copyText !== undefined && navigator.clipboard) {
          var copy = el('button', null, 'Copy');
          copy.type = 'button';
          copy.addEventListener('click', function () { navigator.clipboard.writeText(copyText).then(function () { copy.textContent = 'Copied'; }, function () {}); });
          add(t, copy);
        }
        if (title) add(wrap, t);
        add(wrap, content);
        return wrap;
      }
      function renderStep(step) {
        var item = el('li', 'step' + (step.h ? ' hook' : ''));
        var line = el('div', 'step-line');
        var text = el('span', 'text');
        if (step.h) add(text, step.h);
        else add(text, el('span', 'kw', step.k), step.t);
        add(line, el('span', 'icon s-' + step.s, ICON[step.s] || '?'), text);
        if (step.l) add(line, el('span', 'where mono', step.l));
        add(line, el('span', 'dur', step.s === 'passed' || step.du ? duration(step.du) : LABEL[step.s]));
        line.title = LABEL[step.s];
        add(item, line);
        if (step.tb) {
          var table = el('table', 'data');
          step.tb.forEach(function (row) {
            var tr = el('tr');
            row.forEach(function (cell) { add(tr, el('td', null, cell)); });
            add(table, tr);
          });
          add(item, titled(null, table));
        }
        if (step.ds) add(item, titled(step.ds.m ? 'Doc string (' + step.ds.m + ')' : null, el('pre', null, step.ds.c)));
        if (step.e) add(item, titled(step.s === 'failed' ? 'Error' : LABEL[step.s], el('pre', step.s === 'failed' ? 'error' : null, step.e)));
        if (step.sn) add(item, titled('Undefined step: implement it with this snippet', el('pre', 'snippet', step.sn), step.sn));
        if (step.am) add(item, titled('Ambiguous: these step definitions all match', el('pre', 'error', step.am.join('\n'))));
        if (step.at) step.at.forEach(function (attachment) { add(item, renderAttachment(attachment)); });
        return item;
      }
      function decodeText(attachment) {
        if (!attachment.b64) return attachment.b;
        try {
          var binary = atob(attachment.b), bytes = new Uint8Array(binary.length);
          for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
          return new TextDecoder('utf-8').decode(bytes);
        } catch (e) { return attachment.b; }
      }
      function renderAttachment(attachment) {
        var media = attachment.m || 'application/octet-stream';
        var title = (attachment.n ? attachment.n + ' \u00B7 ' : '') + media;
        if (attachment.url) {
          var link = el('a', null, attachment.url);
          var href = safeHref(attachment.url);
          if (href) link.href = href;
          return titled('Attachment \u00B7 ' + title, link);
        }
        if (/^image\//.test(media)) {
          var img = el('img', 'attachment');
          img.alt = attachment.n || media;
          img.src = attachment.b64 ? 'data:' + media + ';base64,' + attachment.b
            : 'data:' + media + ';charset=utf-8,' + encodeURIComponent(attachment.b);
          return titled('Attachment \u00B7 ' + title, img);
        }
        if (media === 'text/x.cucumber.log+plain') return titled('Log', el('pre', null, decodeText(attachment)));
        if (/json/.test(media)) {
          var text = decodeText(attachment);
          try { text = JSON.stringify(JSON.parse(text), null, 2); } catch (e) {}
          return titled('Attachment \u00B7 ' + title, el('pre', null, text));
        }
        if (/^text\//.test(media) || /xml|yaml|javascript/.test(media)) {
          return titled('Attachment \u00B7 ' + title, el('pre', null, decodeText(attachment)));
        }
        var download = el('a', null, 'Download ' + (attachment.n || 'attachment'));
        download.href = 'data:' + media + ';base64,' + (attachment.b64 ? attachment.b : btoa(unescape(encodeURIComponent(attachment.b))));
        download.download = attachment.n || 'attachment';
        return titled('Attachment \u00B7 ' + title, download);
      }

      // ---------- Traceability view ----------
      var traceView = document.getElementById('trace-view');
      var traceBuilt = false;
      // Tags that name a story or criterion: an id with a number (@CUS-032-AC-004, @BR-CHAT-002, @JIRA-12)
      // is grouped by its prefix (CUS, BR-CHAT); @use-case-…, @story-…, @epic-…, @req-… by that word;
      // every other tag goes to "Other tags".
      var TRACE_WORDS = ['use-case', 'usecase', 'story', 'user-story', 'epic', 'feature', 'req', 'requirement', 'criterion', 'criteria', 'rule', 'issue', 'ticket', 'spec'];
      function family(tag) {
        var name = tag.replace(/^@/, ''), parts = name.split(/[-_.:]/);
        for (var i = 0; i < parts.length; i++) {
          if (/\d/.test(parts[i])) return i > 0 ? parts.slice(0, i).join('-') : 'Other tags';
        }
        var lower = name.toLowerCase();
        for (var w = 0; w < TRACE_WORDS.length; w++) {
          if (lower.indexOf(TRACE_WORDS[w] + '-') === 0 || lower.indexOf(TRACE_WORDS[w] + '_') === 0) return TRACE_WORDS[w];
        }
        return 'Other tags';
      }
      function familyRank(name) { return name === 'Other tags' ? 2 : TRACE_WORDS.indexOf(name) >= 0 ? 1 : 0; }
      function naturalCompare(a, b) { return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }); }
      function buildTrace() {
        clear(traceView);
        var byTag = {};
        scenarios.forEach(function (sc) {
          sc.tg.forEach(function (tag) { (byTag[tag] = byTag[tag] || []).push(sc); });
        });
        var tags = Object.keys(byTag).sort(naturalCompare);
        var query = state.words.join(' ');
        if (state.tags.length || query) {
          tags = tags.filter(function (tag) {
            var lower = tag.toLowerCase();
            return state.tags.every(function (t) { return lower.indexOf(t) === 0; }) && (!query || lower.indexOf(query) >= 0);
          });
        }
        if (!tags.length) { add(traceView, el('p', 'empty', 'No tag to trace.')); return; }
        var families = {}, order = [];
        tags.forEach(function (tag) {
          var name = family(tag);
          if (!families[name]) { families[name] = []; order.push(name); }
          families[name].push(tag);
        });
        order.sort(function (a, b) { return familyRank(a) - familyRank(b) || naturalCompare(a, b); });
        order.forEach(function (name) {
          var box = el('section', 'trace-family');
          add(box, el('h2', null, name === 'Other tags' ? name : name + ' \u2014 ' + plural(families[name].length, 'tag')));
          var proven = families[name].filter(function (tag) {
            return byTag[tag].every(function (sc) { return sc.s === 'passed'; });
          }).length;
          add(box, el('p', 'trace-summary', proven + ' of ' + plural(families[name].length, 'tag') +
            ' proven (every scenario carrying the tag passed)'));
          var table = el('table', 'trace');
          var cols = el('colgroup');
          add(cols, el('col', 'c-tag'), el('col', 'c-status'), el('col'));
          add(table, cols);
          var head = el('tr');
          ['Tag', 'Status', 'Scenarios proving it'].forEach(function (h) { add(head, el('th', null, h)); });
          add(table, head);
          families[name].forEach(function (tag) {
            var list = byTag[tag], status = worst(list.map(function (sc) { return sc.s; }));
            var row = el('tr');
            row.dataset.tag = tag;
            var isChild = families[name].some(function (other) { return other !== tag && tag.indexOf(other + '-') === 0; });
            add(row, add(el('td', isChild ? 'child' : null), el('code', null, tag)));
            add(row, add(el('td'), el('span', 'badge s-' + status, LABEL[status])));
            var c = counts(list);
            var details = el('details'), summary = el('summary', null, plural(list.length, 'scenario') + ': ' +
              STATUSES.filter(function (s) { return c[s]; }).map(function (s) { return c[s] + ' ' + LABEL[s]; }).join(', '));
            add(details, summary);
            details.addEventListener('toggle', function () {
              if (!details.open || details.childNodes.length > 1) return;
              var ul = el('ul');
              list.forEach(function (sc) {
                var li = el('li'), a = el('a', null, features[sc.f].n + ' \u203A ' + sc.n);
                a.href = '#' + encodeURIComponent(sc.id);
                add(li, el('span', 'icon s-' + sc.s, ICON[sc.s] + ' '), a);
                add(ul, li);
              });
              add(details, ul);
            });
            add(row, add(el('td'), details));
            add(table, row);
          });
          add(box, table);
          add(traceView, box);
        });
      }

      // ---------- Search, filters, views ----------
      var search = document.getElementById('search');
      var visibleCount = document.getElementById('visible-count');
      var timer = null;
      function applySearch() {
        var words = [], tags = [];
        // "quoted phrases" match as a whole; other words must all appear; @tags match tag prefixes.
        var text = search.value.toLowerCase().replace(/"([^"]*)"/g, function (all, phrase) {
          if (phrase.trim()) words.push(phrase.trim());
          return ' ';
        });
        text.split(/\s+/).forEach(function (word) {
          if (!word) return;
          if (word.charAt(0) === '@') tags.push(word); else words.push(word);
        });
        state.words = words;
        state.tags = tags;
        state.shown = {};
        update();
      }
      document.addEventListener('keydown', function (event) {
        if (event.key === '/' && document.activeElement !== search) { event.preventDefault(); search.focus(); }
        else if (event.key === 'Escape' && document.activeElement === search) { search.value = ''; applySearch(); }
      });
      search.addEventListener('input', function () {
        clearTimeout(timer);
        timer = setTimeout(applySearch, 120);
      });
      function update() {
        var searching = state.words.length || state.tags.length || anyStatusFilter();
        var shown = 0, openedBySearch = 0;
        features.forEach(function (feature, f) {
          var visible = feature.sc.filter(matches);
          var node = featureNodes[f];
          node.section.hidden = visible.length === 0;
          node.mini.textContent = searching ? visible.length + ' of ' + plural(feature.sc.length, 'scenario') : plural(feature.sc.length, 'scenario');
          shown += visible.length;
          if (searching && visible.length && openedBySearch + visible.length <= 300) {
            state.open[f] = true;
            openedBySearch += visible.length;
          }
          if (state.open[f] || node.body.childNodes.length) renderFeature(f);
        });
        visibleCount.textContent = 'Showing ' + shown + ' of ' + plural(scenarios.length, 'scenario');
        visibleCount.dataset.visible = String(shown);
        Array.prototype.forEach.call(filterBox.querySelectorAll('.filter'), function (button) {
          var status = button.dataset.status;
          var active = status === 'all' ? !anyStatusFilter() : !!state.statuses[status];
          button.classList.toggle('active', active);
          button.setAttribute('aria-pressed', active ? 'true' : 'false');
        });
        if (state.view === 'trace') buildTrace();
      }
      function setView(view) {
        state.view = view;
        document.getElementById('features-view').hidden = view !== 'features';
        traceView.hidden = view !== 'trace';
        document.getElementById('tab-features').classList.toggle('active', view === 'features');
        document.getElementById('tab-trace').classList.toggle('active', view === 'trace');
        if (view === 'trace') buildTrace();
      }
      document.getElementById('tab-features').addEventListener('click', function () { setView('features'); });
      document.getElementById('tab-trace').addEventListener('click', function () { setView('trace'); });
      function toggleDetails(open) {
        Array.prototype.forEach.call(traceView.querySelectorAll('details'), function (d) { d.open = open; });
      }
      document.getElementById('expand-all').addEventListener('click', function () {
        if (state.view === 'trace') { toggleDetails(true); return; }
        features.forEach(function (feature, f) { state.open[f] = true; });
        update();
      });
      document.getElementById('collapse-all').addEventListener('click', function () {
        if (state.view === 'trace') { toggleDetails(false); return; }
        state.open = {};
        features.forEach(function (feature, f) { renderFeature(f); });
      });

      // ---------- Theme ----------
      var root = document.documentElement;
      var stored = null;
      try { stored = window.localStorage.getItem('specrun-theme'); } catch (e) {}
      var prefersDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
      root.dataset.theme = stored || (prefersDark ? 'dark' : 'light');
      document.getElementById('theme-toggle').addEventListener('click', function () {
        root.dataset.theme = root.dataset.theme === 'dark' ? 'light' : 'dark';
        try { window.localStorage.setItem('specrun-theme', root.dataset.theme); } catch (e) {}
      });

      // ---------- Deep links ----------
      function openTarget() {
        var id;
        try { id = decodeURIComponent(window.location.hash.slice(1)); } catch (e) { return; }
        var sc = byId[id];
        if (!sc) return;
        if (state.view !== 'features') setView('features');
        if (!matches(sc)) { state.statuses = {}; search.value = ''; state.words = []; state.tags = []; }
        var visible = features[sc.f].sc.filter(matches);
        state.shown[sc.f] = Math.max(state.shown[sc.f] || CHUNK, visible.indexOf(sc) + 1);
        state.open[sc.f] = true;
        update();
        var node = document.getElementById(sc.id);
        if (node) {
          Array.prototype.forEach.call(document.querySelectorAll('.scenario.target'), function (n) { n.classList.remove('target'); });
          node.classList.add('target');
          node.scrollIntoView({ block: 'center' });
        }
      }
      window.addEventListener('hashchange', openTarget);

      if (features.length === 1) state.open[0] = true;
      update();
      openTarget();
      document.body.dataset.ready = 'true';
    })();

    """#
}
