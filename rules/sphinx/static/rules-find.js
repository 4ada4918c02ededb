/* Finding a rule: the search page and the index of rules (rules.sphinx, decision record 0031).
 *
 * Words are compared folded: without accents and in lower case, so "menavci" finds
 * "měňavci" and "kiraly" finds "király". A query word matches a word of a rule when it is
 * the same word, begins it (a prefix: "peas" finds "Peasant") or, from five letters on,
 * begins it without its last letter (without its last two from six letters on): a stem,
 * since Czech and Hungarian change a word's ending ("barvu" / "barva", "měňavci" /
 * "měňavců"). Every query word must match.
 *
 * On the search page (search.html?q=...) the rules of RULES_RECORDS (the generated
 * _static/rules-index.js) that match are listed first, best first: the typed rule ID,
 * then rules whose ID starts with it, then matches in titles and IDs before matches in
 * the text; each with its titles, its book and its own text around the first match, and
 * a link to the rule's anchor, which opens the rule with the words found highlighted as the
 * rule writes them. Sphinx's results below lose their entries for rules (listed above) and
 * their duplicates, and its summaries find a block whose ID holds dots.
 *
 * On the index of rules (rule-ruleindex.html) the filter box narrows the collapsed
 * sections as one types (ID, title or section words in any language); a section with a
 * match opens, one without hides, and an empty box collapses them all again.
 */
"use strict";

const RulesFind = (() => {
  const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const WORD = /[\p{L}\p{N}]+/gu;
  const words = (text) => fold(text).match(WORD) || [];
  /* 3: the same word, 2: a prefix, 1: the same stem, 0: no match */
  const matchWord = (query, word) => {
    if (word === query) return 3;
    if (word.startsWith(query)) return 2;
    if (query.length < 5) return 0;
    return word.startsWith(query.slice(0, query.length >= 6 ? -2 : -1)) ? 1 : 0;
  };
  const best = (query, list) => list.reduce((most, word) => Math.max(most, matchWord(query, word)), 0);
  const terms = (query) => [...new Set(words(query))];

  /* The text folded letter by letter, so positions in it are positions in the text. */
  const foldAligned = (text) => [...text].map((ch) => fold(ch)[0] || ch).join("");

  const prepare = (record, order) => ({
    ...record,
    order,
    idWords: words(record.id),
    titleWords: words(record.title.join(" ")),
    textWords: record.text.map(words),
  });

  /* The score of a prepared record for a query (0: no match). */
  const score = (record, query, queryTerms) => {
    const typed = query.trim().toLowerCase();
    if (typed === record.id) return 1e6;
    const idPrefix = typed.includes(".") && record.id.startsWith(typed) ? 1e5 : 0;
    let sum = 0;
    for (const term of queryTerms) {
      const here = Math.max(4 * best(term, record.idWords), 5 * best(term, record.titleWords),
        ...record.textWords.map((list) => best(term, list)));
      if (!here) return idPrefix;
      sum += here;
    }
    return idPrefix + (record.informative ? sum / 2 : sum);
  };

  const element = (tag, className, text) => {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  };

  /* The spans of a text's words that a query term matches, as [from, to] positions. */
  const matches = (text, queryTerms) => {
    const spans = [];
    for (const m of foldAligned(text).matchAll(WORD)) {
      if (queryTerms.some((t) => matchWord(t, m[0]) > 0)) spans.push([m.index, m.index + m[0].length]);
    }
    return spans;
  };

  /* text[start, end) into el, the matched words marked. */
  const markInto = (el, text, queryTerms, start = 0, end = text.length) => {
    let at = start;
    for (const [from, to] of matches(text, queryTerms)) {
      if (from < at || to > end) continue;
      el.append(text.slice(at, from), element("mark", "", text.slice(from, to)));
      at = to;
    }
    el.append(text.slice(at, end));
    return el;
  };

  /* The text of the language that matches most, around its first match. */
  const snippet = (record, queryTerms) => {
    let chosen = record.text[0];
    let most = -1;
    for (const text of record.text) {
      const found = matches(text, queryTerms).length;
      if (found > most) [chosen, most] = [text, found];
    }
    const spans = matches(chosen, queryTerms);
    const start = spans.length ? Math.max(0, spans[0][0] - 80) : 0;
    const end = Math.min(chosen.length, start + 240);
    const p = element("p", "context rules-found-text");
    if (start > 0) p.append("…");
    markInto(p, chosen, queryTerms, start, end);
    if (end < chosen.length) p.append("…");
    return p;
  };

  /* The words of the rule as written that the query found ("měňavce" for "menavci"): Sphinx
   * highlights them on the page the result opens (it looks for the words as written). */
  const foundWords = (record, queryTerms) => {
    const found = new Set();
    for (const text of [...record.title, ...record.text]) {
      for (const m of text.matchAll(WORD)) {
        if (queryTerms.some((t) => matchWord(t, fold(m[0])) > 0)) found.add(m[0].toLowerCase());
      }
    }
    return [...found].slice(0, 12);
  };

  const SHOWN = 40;

  /* search.html: the matching rules above Sphinx's results. */
  const searchPage = (records) => {
    const out = document.getElementById("search-results");
    const query = new URLSearchParams(window.location.search).get("q") || "";
    const queryTerms = terms(query);
    if (!out || !queryTerms.length) return;
    const root = document.documentElement.dataset.content_root || "";
    const found = records.map((r) => [score(r, query, queryTerms), r]).filter(([s]) => s > 0)
      .sort((a, b) => b[0] - a[0] || a[1].order - b[1].order);
    const section = element("section", "rules-found");
    section.id = "rules-found";
    section.append(element("h2", "", "Rules"));
    section.append(element("p", "search-summary", found.length
      ? `${found.length} rule${found.length === 1 ? "" : "s"} match${found.length === 1 ? "es" : ""} "${query}"`
        + (found.length > SHOWN ? `; the best ${SHOWN} are shown, add a word to narrow them.` : ".")
      : `No rule matches "${query}"; the pages below may.`));
    const list = element("ul", "search rules-found-list");
    list.setAttribute("role", "list");
    for (const [, record] of found.slice(0, SHOWN)) {
      const item = element("li", "kind-rule");
      const link = element("a", "rules-found-link");
      link.href = root + record.url;
      link.addEventListener("click", () => {
        try {
          localStorage.setItem("sphinx_highlight_terms", foundWords(record, queryTerms).join(" "));
        } catch (e) { /* no storage: the page opens without highlighting */ }
      });
      link.append(element("code", "xref rule", record.id));
      item.append(link, " ", markInto(element("span", "rules-found-title"), record.title.join(" · "), queryTerms),
        " ", element("span", "rules-found-book", record.book), snippet(record, queryTerms));
      list.append(item);
    }
    section.append(list);
    out.prepend(section);
  };

  /* Sphinx's own results: no entry for a rule (listed above), no duplicate, and the summary of
   * a block whose ID holds dots (a rule's) found by an escaped selector. */
  const quietSphinx = (records) => {
    if (typeof Search === "undefined") return;
    const ids = new Set(records.map((r) => r.id));
    const perform = Search._performSearch;
    Search._performSearch = (...args) => {
      const seen = new Set();
      return perform(...args).reverse().filter(([docname, , anchor]) => {
        const key = `${docname}${anchor}`;
        if (ids.has(anchor.slice(1)) || seen.has(key)) return false;
        seen.add(key);
        return true;
      }).reverse();
    };
    const htmlToText = Search.htmlToText;
    Search.htmlToText = (html, anchor) => htmlToText(html, anchor ? `#${CSS.escape(anchor.slice(1))}` : anchor);
  };

  /* rule-ruleindex.html: the filter box over the collapsed sections. */
  const indexPage = () => {
    const input = document.getElementById("rules-index-filter");
    if (!input) return;
    const count = document.querySelector(".rules-index-count");
    const sections = [...document.querySelectorAll("details.rules-index-section")].map((details) => {
      const heading = words(details.querySelector("summary").textContent);
      return {
        details,
        items: [...details.querySelectorAll("li")].map((li) => ({
          li, id: li.querySelector("code").textContent, words: [...heading, ...words(li.textContent)],
        })),
      };
    });
    const total = sections.reduce((n, s) => n + s.items.length, 0);
    const apply = () => {
      const typed = input.value.trim().toLowerCase();
      const queryTerms = terms(typed);
      let shown = 0;
      for (const { details, items } of sections) {
        let here = 0;
        for (const item of items) {
          const match = !queryTerms.length || item.id.startsWith(typed)
            || queryTerms.every((t) => best(t, item.words) > 0);
          item.li.hidden = !match;
          here += match ? 1 : 0;
        }
        details.hidden = here === 0;
        details.open = queryTerms.length > 0 && here > 0;
        shown += here;
      }
      count.textContent = queryTerms.length
        ? `${shown} of ${total} rules match.` : `${total} rules in ${sections.length} sections.`;
    };
    input.addEventListener("input", apply);
    apply();
  };

  const records = (typeof RULES_RECORDS === "undefined" ? [] : RULES_RECORDS).map(prepare);
  quietSphinx(records);
  const start = () => {
    searchPage(records);
    indexPage();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  return { fold, words, matchWord, score };
})();
