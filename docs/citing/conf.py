# conf.py of a project that cites the rules (the recipe in docs/intersphinx.rst).
project = "my-game-notes"
extensions = ["rules.sphinx"]

# Optional: the address of a published rulebook. With it, every :rule: link
# goes to the rule there; without it, a rule shows as its ID, with the rule's
# English and source-language text on hover. Either way, an ID that the
# installed spec does not know fails the build under -W.
rules_rulebook_url = None
