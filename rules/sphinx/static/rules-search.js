/* Search scorer of the rules.sphinx extension (html_search_scorer).
 *
 * Sphinx splits a query at every non-word character, so the rule ID
 * "claim.follow-suit" is searched as "claim", "follow" and "suit" and the rule
 * ranks below whole pages. This scorer puts a result whose name or anchor is the
 * typed rule ID first, then rules whose ID starts with it; otherwise it keeps
 * Sphinx's scores (the defaults below are Sphinx's own).
 */
var Scorer = {
  score: (result) => {
    const [docname, title, anchor, descr, score, filename, kind] = result;
    const params = new URLSearchParams(window.location.search);
    const query = (params.get("q") || "").toLowerCase().trim();
    if (!query || query.indexOf(".") < 0) return score;
    const name = (title || "").toLowerCase();
    const id = (anchor || "").replace(/^#/, "").toLowerCase();
    if (name === query || id === query) return score + 1000;
    if (kind === "object" && name.startsWith(query + ".")) return score + 500;
    return score;
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
