"""The search index of an incremental HTML build, made the one a build from nothing writes.

Sphinx's HTML builder carries the search index of the pages it does not write
over from the last build's ``searchindex.js`` (``load_indexer``), with two
flaws:

- it loses their index entries (``indexentries``: every object's "name() (in
  module …)" and every ``.. index::`` term, which the search page lists as hits
  of their own): it keeps those in the build environment, which is saved
  before the pages are written, so the build ends with the entries of the pages
  it wrote alone, and searching for a function the API reference documents no
  longer finds its index entry;
- a word that only the pages it writes again held, and hold no longer (a test
  that "passed" and now failed), stays in the index with no page.

Every build of the rulebook reads the documents that show test outcomes again
(:func:`rules.sphinx.events._outdated`) and writes only those, so every such
build would have them; the test run's rulebook, an incremental build over the
site's reading (decision record 0054), too. :func:`mend_search_index` mends
both before the new index is dumped: the entries of every document the build
did not write come from the last build's ``searchindex.js``, and a word no page
holds is dropped.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: One index entry as the builder keeps it: (the entry, its anchor, "main" or "").
Entry = tuple[str, str, str]


def _entries_by_document(frozen: object) -> dict[str, list[Entry]]:
    """The index entries of a written ``searchindex.js`` (its data), by document. The index keeps
    an entry's text lower-cased, as the builder writes it; within one entry text, a document's
    anchors stay in their written order, which is all the written index shows of the order."""
    if not isinstance(frozen, dict):
        return {}
    docnames, written = frozen.get("docnames"), frozen.get("indexentries")
    if not isinstance(docnames, list | tuple) or not isinstance(written, dict):
        return {}
    out: dict[str, list[Entry]] = {}
    for text, places in written.items():
        for index, anchor, main in places:
            out.setdefault(docnames[index], []).append((text, anchor, "main" if main else ""))
    return out


def mend_search_index(app: Sphinx) -> list[tuple[str, dict[str, object], str]]:
    """``html-collect-pages`` (after the documents are written, before the search index is
    dumped): the index entries of every document this build did not write, from the last
    build's index, in document order as a build from nothing feeds them; the words no page
    holds, dropped. No pages of its own."""
    builder = app.builder
    if not isinstance(builder, StandaloneHTMLBuilder) or builder.indexer is None or not builder.indexer_dumps_unicode:
        return []
    indexer = builder.indexer
    # the indexer's own tables, private to Sphinx (as in Sphinx 9): a Sphinx that keeps them otherwise is
    # left to write its index as it does, flaws and all, rather than failing the build
    mappings: list[Any] = [getattr(indexer, name, None) for name in ("_mapping", "_title_mapping")]
    entries: Any = getattr(indexer, "_index_entries", None)
    if not all(isinstance(m, dict) for m in mappings) or not isinstance(entries, dict):
        return []
    for words in mappings:
        for word in [word for word, pages in words.items() if not pages]:
            del words[word]
    missing = set(app.env.all_docs) - set(entries)
    last = builder.outdir / builder.searchindex_filename
    if not missing or not last.is_file():
        return []
    try:
        frozen = builder.indexer_format.loads(last.read_text(encoding="utf-8"))
    except ValueError:
        return []  # Sphinx has warned already: the index could not be loaded, and will be incomplete
    kept = _entries_by_document(frozen)
    merged = {doc: entries[doc] if doc in entries else kept.get(doc, []) for doc in sorted(set(entries) | missing)}
    entries.clear()
    entries.update(merged)
    return []
