/* On every page of a rulebook (rules.sphinx, decision record 0031).
 *
 * 1. Sphinx highlights the searched words on the page a search result opens. A word inside
 *    an SVG element without geometry (an icon's <title>, a picture's <desc> or <style>)
 *    makes it ask that element for its bounding box, which throws "parent.getBBox is not a
 *    function"; the class "nohighlight" keeps it out. This script is deferred, so it runs
 *    before the highlighting, which waits for the page to be ready.
 * 2. A chapter's quick reference shows its two languages side by side; on a phone, where
 *    they would stack into three screens, it shows one, with a switch between them (the
 *    choice is kept for the next page), each language named in itself. Without this script
 *    both languages stay.
 */
"use strict";
document.querySelectorAll("svg title, svg desc, svg style").forEach((el) => el.classList.add("nohighlight"));

(() => {
  const KEY = "rules-quick-lang";
  const remembered = () => { try { return localStorage.getItem(KEY); } catch (e) { return null; } };
  const remember = (lang) => { try { localStorage.setItem(KEY, lang); } catch (e) { /* private mode */ } };
  for (const box of document.querySelectorAll("div.rules-quick")) {
    const columns = [...box.querySelectorAll("div.rules-lang[lang]")];
    const langs = [...new Set(columns.map((c) => c.lang))];
    if (langs.length < 2) continue;
    // each language named in itself ("čeština", "English"), as the directive wrote the names; a page
    // built without them falls back to the columns' labels
    let own = {};
    try { own = JSON.parse(box.querySelector("script.rules-quick-names").textContent); } catch (e) { /* none */ }
    const names = Object.fromEntries(langs.map((lang) => {
      const label = box.querySelector(`div.rules-lang[lang="${lang}"] .rules-lang-label`);
      return [lang, own[lang] || (label ? label.textContent.split("·")[0].trim() : lang)];
    }));
    const bar = document.createElement("p");
    bar.className = "rules-quick-switch";
    bar.setAttribute("role", "group");
    const buttons = langs.map((lang) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = names[lang];
      button.lang = lang;
      button.addEventListener("click", () => { show(lang); remember(lang); });
      bar.append(button);
      return button;
    });
    const show = (lang) => {
      box.classList.add("rules-quick-one");
      columns.forEach((c) => c.classList.toggle("rules-lang-hidden", c.lang !== lang));
      buttons.forEach((b) => b.setAttribute("aria-pressed", String(b.lang === lang)));
    };
    box.querySelector(".rules-quick-heading").after(bar);
    const wanted = remembered();
    show(langs.includes(wanted) ? wanted : langs[0]);
  }
})();
