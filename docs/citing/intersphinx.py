# Appended to conf.py to cite through intersphinx instead (the published
# rulebook's objects.inv; offline, give the path of a local copy for None).
extensions.append("sphinx.ext.intersphinx")
intersphinx_mapping = {"rules": ("https://rules.example.invalid/", None)}
