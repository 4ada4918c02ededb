"""``rules study`` and the policies by name: the parts of a study above the kernel.

The game-neutral parts of playing are in the kernel (:mod:`rules.kernel.policies`,
:mod:`rules.kernel.study`); here are the policies by name
(:mod:`rules.studies.policies`), the runner over processes or a Ray cluster
(:mod:`rules.studies.run`), the table, CSV and plot (:mod:`rules.studies.report`)
and the command (:mod:`rules.studies.command`). What a game adds (its scores, its
own policies) it offers through the kernel's capabilities from its own package
(``rules/<game>/study.py``), so nothing here names a game (decision 0026).
Issue 21; docs/studies.rst.
"""
