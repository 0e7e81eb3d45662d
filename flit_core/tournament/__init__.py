"""Tournaments: many games between many bots, a fair schedule, a store that loses nothing.

The modules, each with one job:

* :mod:`.entrants` reads the entrants file (TOML);
* :mod:`.schedule` draws the reproducible, seat-balanced schedule;
* :mod:`.definition` is a tournament's definition (entrants, game and settings, seed, games);
* :mod:`.play` plays one game wherever an executor runs it;
* :mod:`.executors` gives local processes or a Dask cluster as a ``concurrent.futures.Executor``;
* :mod:`.store` commits every finished game to SQLite, with its replay file;
* :mod:`.runner` ties them together and resumes a killed tournament;
* :mod:`.leaderboard` is the standings as a pure function of game records (standard
  library only: the browser page imports it); :mod:`.rating` adds OpenSkill ratings;
* :mod:`.results` rebuilds a results folder's leaderboard; :mod:`.export` renders it as a
  table, CSV, JSON and HTML; :mod:`.progress` draws the live progress line.

Nothing is imported here, so ``from flit_core.tournament.leaderboard import ...`` pulls in
no more than the leaderboard needs.
"""
