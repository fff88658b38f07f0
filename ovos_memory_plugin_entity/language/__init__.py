"""Language: the shipped locale data, and everything read from the user's own words with
it (rules extraction, gates, the screen, yes/no, stemming). Pure and data-driven;
imports only :mod:`domain` (the locale files are read once, by :mod:`language.locale_data`)."""
