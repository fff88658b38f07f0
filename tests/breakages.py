"""Tests that can fail, shown failing: deliberate breakages, applied one at a time to a
scratch copy of the package, each of which must make its tests fail.

A test that passes whatever the code does protects nothing. Each :class:`Breakage`
replaces one snippet of the package with a broken one (the snippet must be found exactly
once, so the list cannot silently go stale) and names the tests that must then fail.
CI runs ``python -m tests.breakages``; it exits 1 naming every breakage the tests let
through. ``--list`` prints the breakages, ``--only NAME`` runs one.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import List, Sequence, Tuple

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "ovos_memory_plugin_entity"
# One breakage's tests may take this long; past it the breakage counts as caught (a hang).
TIMEOUT_S = 600


@dataclass(frozen=True)
class Breakage:
    name: str
    path: str  # inside the package
    original: str
    broken: str
    tests: Tuple[str, ...]  # pytest node ids or files that must fail


BREAKAGES: Tuple[Breakage, ...] = (
    Breakage("identity stemmer", "language/stemming.py",
             "        return snowball_stem(language) if language else light_stem",
             "        return str",
             ("tests/test_ranking.py::test_stems_join_what_plurals_and_tenses_split",
              "tests/test_languages.py::test_ranking_stems_the_language")),
    Breakage("BM25 off", "domain/ranking.py",
             "        relevance = session.index.scores(query) if query else {}",
             "        relevance = {}",
             ("tests/test_ranking.py",)),
    Breakage("a query term most facts share is dropped", "domain/ranking.py",
             "            if not posting:\n                continue\n            weight",
             "            if not posting or (n > 4 and len(posting) > n * 0.5):\n                continue\n            weight",
             ("tests/test_ranking.py::test_a_query_term_most_facts_share_still_counts",)),
    Breakage("the whole of a huge utterance is stemmed", "domain/ranking.py",
             "self._terms(query_text(query))",
             "self._terms(query)",
             ("tests/test_ranking.py::test_a_huge_utterance_is_read_from_a_bounded_part",)),
    Breakage("a journal append leaves the snapshot's stamp as it was", "io/stores/json_folder.py",
             "                self._restamp(session_id, snapshot)\n",
             "                pass\n",
             ("tests/test_journal.py::test_a_change_by_another_process_is_seen_and_never_overwritten",)),
    Breakage("the older plugin's cap of 50 facts by default", "settings.py",
             "max_facts: int = _key(1000,",
             "max_facts: int = _key(50,",
             ("tests/test_defaults.py::test_the_defaults_keep_a_long_conversation_and_inject_within_budget",)),
    Breakage("the least recently confirmed goes first, said again or not", "domain/fact_edits.py",
             "key=lambda f: (f.confirmations > 1, f.confirmed_at, id_number(f.id)))",
             "key=lambda f: (f.confirmed_at, f.confirmations, id_number(f.id)))",
             ("tests/test_defaults.py::test_past_the_cap_a_fact_said_once_goes_before_one_said_again",)),
    Breakage("a huge utterance is sent whole for its vector", "pipelines/dense_recall.py",
             "        text = self._prefix + query_text(utterance)",
             "        text = self._prefix + utterance",
             ("tests/test_hybrid.py::test_a_huge_utterance_sends_only_the_part_ranking_reads",)),
    Breakage("random tie-break", "domain/ranking.py",
             "        order = {f.id: i for i, f in enumerate(sorted(facts, key=lambda f: (id_number(f.id), f.id)))}",
             "        order = {f.id: __import__('random').random() for f in facts}",
             ("tests/test_ranking.py::test_equal_facts_keep_a_stable_order_oldest_first",)),
    Breakage("a pure module doing I/O", "domain/record.py",
             "T = TypeVar(\"T\")",
             "T = TypeVar(\"T\")\nimport threading  # noqa\nthreading.Thread(target=lambda: open('/dev/null', 'w')).start()",
             ("tests/test_architecture.py::test_the_pure_layers_do_no_io",)),
    Breakage("a domain module importing a store", "domain/editor.py",
             "from ovos_memory_plugin_entity.domain.record import",
             "from ovos_memory_plugin_entity.io.caches import LRU  # noqa: F401\n"
             "from ovos_memory_plugin_entity.domain.record import",
             ("tests/test_architecture.py::test_every_import_follows_the_layer_map",)),
    Breakage("the screen returns its input", "language/screen.py",
             "    text = _as_judged(fact)\n    third_party",
             "    return False\n    third_party",
             ("tests/test_safety.py::test_an_instruction_is_never_stored_nor_injected",)),
    Breakage("the forget gate always open", "language/gates.py",
             "        if control is not None and control.kind in kinds and not control.unsure:\n",
             "        if True:\n",
             ("tests/test_safety.py::test_the_model_cannot_delete_on_its_own",
              "tests/test_safety.py::test_a_mention_of_forgetting_everything_is_no_request",
              "tests/test_forget_gates.py")),
    Breakage("the forget gate ignores what a request is about", "language/controls.py",
             "    if not said or any(w in words.non_memory_objects for w in said):\n",
             "    if not said:\n",
             ("tests/test_forget_gates.py::test_a_forget_request_is_about_the_memory_and_not_negated",
              "tests/test_forget_gates.py::test_a_model_cannot_delete_on_a_list_request")),
    Breakage("no spoken control is recognised", "language/controls.py",
             "    clauses = [c for c in read(utterance[:MAX_CONTROL_CHARS], language.reading).clauses if c.words]\n",
             "    return None\n",
             ("tests/test_commands.py", "tests/test_controls.py")),
    Breakage("a spoken forget does not cover what earlier words teach later", "domain/forget_edits.py",
             "    later = [m for m in marks if said_at is None or m.at > said_at]\n",
             "    later: List[ForgetMark] = []\n",
             ("tests/test_durable_controls.py::test_a_forget_said_during_an_extraction_leaves_neither_value",)),
    Breakage("a waiting exchange is kept only at close", "pipelines/learning.py",
             "        self._keeper.submit(key, kept)  # kept in the store in a moment: a SIGKILL from then on loses nothing\n",
             "        pass\n",
             ("tests/test_durable_controls.py::test_a_killed_process_loses_no_waiting_exchange",)),
    Breakage("a reply that asks nothing puts our question", "pipelines/commands.py",
             "            return bool(set(textlib.said_words(reply)) & self._memory_words)\n",
             "            return True\n",
             ("tests/test_durable_controls.py::test_a_yes_counts_only_for_a_reply_that_put_our_question_and_only_as_an_answer",)),
    Breakage("words that answer nothing answer our question", "pipelines/confirmation.py",
             "    if not items or not is_answer(language, words):",
             "    if not items:",
             ("tests/test_durable_controls.py::test_a_yes_counts_only_for_a_reply_that_put_our_question_and_only_as_an_answer",)),
    Breakage("a reply that moves to another question puts ours", "pipelines/commands.py",
             "        return not words - self._plain or bool(words & self._memory_words)\n",
             "        return True\n",
             ("tests/test_commands.py::test_forget_everything_is_not_done_on_no_or_without_the_question",)),
    Breakage("a negated control counts", "language/controls.py",
        "        return before in negations or after in negations or (len(said) - 1) in negations\n",
        "        return False\n",
        ("tests/test_commands.py::test_a_mention_or_a_negation_is_no_control",
         "tests/test_controls.py::test_a_mention_a_report_a_negation_or_a_skill_is_no_control")),
    Breakage("a reported request counts", "language/controls.py",
             "        if clause.reported:\n            continue\n",
             "        pass\n",
             ("tests/test_controls.py::test_a_mention_a_report_a_negation_or_a_skill_is_no_control",)),
    Breakage("the cheap first test stops every control", "language/controls.py",
             "    return any(w in anchors or fold_accents(w) in anchors for w in words)\n",
             "    return False\n",
             ("tests/test_controls.py", "tests/test_commands.py")),
    Breakage("controls only in the persona's language", "language/data.py",
             "    controls = (every[code], *(words for other, words in every.items() if other != code))\n",
             "    controls = (every[code],)\n",
             ("tests/test_controls.py::test_controls_in_another_shipped_language_are_understood",)),
    Breakage("the reading sets no lead-in aside", "language/reading.py",
             "            if tuple(said[:size]) in words.lead_ins:\n",
             "            if False:\n",
             ("tests/test_reading.py::test_lead_ins_fillers_and_tags_are_set_aside",
              "tests/test_controls.py::test_other_phrasings_of_the_same_intents")),
    Breakage("the reading expands no contraction", "language/reading.py",
             "        said = expand_contractions((w.strip(\"'-\") or w for w in SPOKEN_WORD.findall(sentence)), dict(words.contractions))\n",
             "        said = list(SPOKEN_WORD.findall(sentence))\n",
             ("tests/test_reading.py::test_contractions_are_expanded",
              "tests/test_controls.py::test_a_yes_is_any_ordinary_way_of_saying_yes")),
    Breakage("the reading reads no number", "language/reading.py",
             "        said = _numbers(said, words)\n",
             "        pass\n",
             ("tests/test_reading.py::test_numbers_in_words_are_read_as_digits",)),
    Breakage("the reading finds no clause without punctuation", "language/reading.py",
             "            pieces.append([word])\n",
             "            current.append(word)\n",
             ("tests/test_reading.py::test_clauses_are_found_without_punctuation",
              "tests/test_controls.py::test_an_opening_pause_covers_the_rest_and_another_control_keeps_it")),
    Breakage("the reading marks no report", "language/reading.py",
             "    reported = any(_holds(body, phrase) for phrase in words.reported)\n",
             "    reported = False\n",
             ("tests/test_reading.py::test_reported_speech_is_told_from_the_users_own_words",
              "tests/test_controls.py::test_a_mention_a_report_a_negation_or_a_skill_is_no_control")),
    Breakage("the yes/no judge ignores the lead-ins it reads", "language/yesno.py",
             "    said = (w.strip(\"'-\") or w for w in SPOKEN_WORD.findall(text.casefold().replace(\"’\", \"'\")) if w != \",\")\n",
             "    said = read(text, words).words\n",
             ("tests/test_controls.py::test_a_yes_is_any_ordinary_way_of_saying_yes",)),
    Breakage("the rules take each clause as read, joined or not", "language/rules.py",
             "for c in _clauses(read(user_words or \"\", language.reading).clauses, language)]",
             "for c in [c.text for c in read(user_words or \"\", language.reading).clauses]]",
             ("tests/test_rules_clauses.py::test_precision_is_one_and_recall_is_reported",)),
    Breakage("the rules keep a negated match", "language/rules.py",
             "if match.start() < len(clause) and not any(w in language.negations or w.endswith(\"n't\") for w in before):",
             "if match.start() < len(clause):",
             ("tests/test_rules_clauses.py::test_a_negated_clause_is_left_out_and_the_rest_kept",)),
    Breakage("the rules hear questions as facts", "language/rules.py",
             "        if clause.question or clause.reported or governed:\n",
             "        if governed:\n",
             ("tests/test_rules.py::test_a_question_a_report_or_a_nobody_is_no_fact",)),
    Breakage("a fact of the one named last is the user's", "language/rules.py",
             "            fact = NewFact(fact.text, fact.pin, about=last.about, relation=last.relation)\n",
             "            fact = NewFact(fact.text, fact.pin)\n",
             ("tests/test_rules.py::test_facts_said_aloud_in_every_language",
              "tests/test_speech_eval.py::test_the_rules_keep_the_facts_said_and_little_else")),
    Breakage("a correction changes nothing", "language/rules.py",
             "                    if about and about.group(\"label\").casefold() == old:\n",
             "                    if False:\n",
             ("tests/test_rules.py::test_a_name_taken_back_is_said_of_the_new_name",
              "tests/test_speech_eval.py::test_corrections_and_quiet_turns")),
    Breakage("the confirm judge always says yes", "language/yesno.py",
             "    fallback = word_list_judge(language)\n",
             "    return lambda _question, _answer: True\n    fallback = word_list_judge(language)\n",
             ("tests/test_confirmation.py",)),
    Breakage("the quiet gate always quiet", "language/gates.py",
             '    """False only for a turn that is surely a command or a general question."""\n',
             '    """False only for a turn that is surely a command or a general question."""\n'
             '    return False\n',
             ("tests/test_small_models.py::test_a_turn_that_may_hold_a_fact_is_sent",)),
    Breakage("the editor skips the audit event", "domain/fact_edits.py",
             "        self.change.events.append(AuditEvent(",
             "        return\n        self.change.events.append(AuditEvent(",
             ("tests/test_facts.py", "tests/test_changes.py")),
    Breakage("the worker drops a job", "io/worker.py",
             "            self._queues.setdefault(key, deque()).append(job)\n",
             "            return True\n",
             ("tests/test_worker.py",)),
    Breakage("sessions do not take turns on the worker", "io/worker.py",
             "                self._ready.append(job.key)\n",
             "                self._ready.appendleft(job.key)\n",
             ("tests/test_worker.py::test_sessions_take_turns",)),
    Breakage("dense recall writes its vectors without the editor", "pipelines/dense_recall.py",
             "            self._store.update(key, lambda rec: edit(rec,",
             "            self._store.update(key, lambda rec: (lambda *args: edit(*args))(rec,",
             ("tests/test_architecture.py::test_the_editor_is_the_only_writer",)),
    Breakage("tombstones ignored", "domain/fact_edits.py",
             '        """True when a tombstone stands on these words."""\n',
             '        """True when a tombstone stands on these words."""\n        return False\n',
             ("tests/test_facts.py::test_forgetting_removes_text_and_blocks_rewording",)),
    Breakage("look-alike letters are not folded", "language/screen.py",
             "    found = _confusable(text) if not text.isascii() else ()",
             "    found: Tuple[Tuple[str, str], ...] = ()",
             ("tests/test_screen.py::test_look_alike_letters_fold_to_their_latin_skeleton",
              "tests/test_screen.py::test_every_attack_is_refused_whatever_the_language")),
    Breakage("talk of what the assistant may do passes", "language/screen.py",
             "            or _gives_orders(text, language) or _addresses_the_assistant(text, language))",
             "            or _gives_orders(text, language))",
             ("tests/test_screen.py::test_every_attack_is_refused_whatever_the_language",)),
    Breakage("a word spelled out letter by letter is read as letters", "language/screen.py",
             "    return _SPELLED_OUT.sub(lambda m: m.group(0)[::2], text)\n", "    return text\n",
             ("tests/test_screen.py::test_a_text_shaped_as_an_instruction_is_refused",
              "tests/test_secrets.py::test_a_password_spelled_out_is_one_word")),
    Breakage("words joined by underscores hide an order", "language/screen.py",
             '_QUOTED.sub(" ", text).replace("_", " ")', '_QUOTED.sub(" ", text)',
             ("tests/test_screen.py::test_a_text_shaped_as_an_instruction_is_refused",)),
    Breakage("digits written for letters hide an order", "language/screen.py",
             "    return _LEET_WORD.sub(lambda m: m.group(0).translate(_LEET), text.replace(",
             "    return (lambda m: m)(text.replace(",
             ("tests/test_screen.py::test_the_answers_as_a_place_the_user_told_or_digits_for_letters_are_not_injected",)),
    Breakage("the user told something through a dative contraction passes", "language/screen.py",
             "|alle|al|ao|aos|au|aux)", "|alle)",
             ("tests/test_screen.py::test_the_answers_as_a_place_the_user_told_or_digits_for_letters_are_not_injected",)),
    Breakage("a long spelled-out run is injected", "language/screen.py",
             " or any(len(run) >= 2 * MIN_SPELLED_LETTERS - 1 for run in spelled)", "",
             ("tests/test_screen.py::test_a_fact_spoken_to_the_assistant_is_doubtful",)),
    Breakage("a spelled-out name is held aside", "language/screen.py",
             "MIN_SPELLED_LETTERS = 12", "MIN_SPELLED_LETTERS = 4",
             ("tests/test_screen.py::test_a_fact_about_people_is_not_doubtful",)),
    Breakage("a system prompt written as one word passes", "language/screen.py",
             "superuser)[\\s-]?(?:prompt", "superuser)\\s+(?:prompt",
             ("tests/test_screen.py::test_a_text_shaped_as_an_instruction_is_refused",)),
    Breakage("a system prompt in a Romance word order passes", "language/screen.py",
             'r"|\\bprompt\\s+(?:(?:de|di', 'r"|(?!)prompt\\s+(?:(?:de|di',
             ("tests/test_screen.py::test_a_text_shaped_as_an_instruction_is_refused",)),
    Breakage("a control word ending a compound passes", "language/data.py",
             'opening=False, compounds=True),', 'opening=False),',
             ("tests/test_screen.py::test_a_text_shaped_as_an_instruction_is_refused",)),
    Breakage("tombstones unkeyed", "domain/text.py",
             "    return hmac.new(key, text.encode(\"utf-8\", \"surrogatepass\"), hashlib.sha256).hexdigest() if key else digest(text)",
             "    return digest(text)",
             ("tests/test_tombstones.py::test_an_export_holds_no_guessable_tombstone",)),
    Breakage("an import brings forgotten history back", "domain/editor.py",
             "            self.change.events.append(replace(moved, before=kept(moved.before), after=kept(moved.after)))",
             "            self.change.events.append(moved)",
             ("tests/test_tombstones.py::test_an_older_export_brings_back_nothing_forgotten",)),
    Breakage("dedup ignores word order", "domain/fact_edits.py",
             "        return None if ordered(found.text) == ordered(fact_text) else found",
             "        return None",
             ("tests/test_facts.py::test_the_same_words_in_another_order_are_a_change_not_a_repeat",)),
    Breakage("any question counts as ours", "pipelines/confirmation.py",
             "        return [item_id for item_id, words in offered if _named(words, said)]",
             "        return [item_id for item_id, _words in offered]",
             ("tests/test_confirmation.py::test_a_yes_to_another_question_confirms_nothing",)),
    Breakage("words that open with assent count as a yes", "language/yesno.py",
             "    return not read(assent.sub(\" \", everything), language.reading).words\n",
             "    return True\n",
             ("tests/test_confirmation.py::test_words_that_merely_open_with_assent_are_no_answer",)),
    Breakage("the Luhn check passes every number", "language/secrets.py",
             "    return sum(d - 9 if d > 9 else d for d in doubled) % 10 == 0\n",
             "    return True\n",
             ("tests/test_secrets.py::test_the_validators_keep_look_alike_numbers_out",)),
    Breakage("the mod-97 check is skipped", "language/secrets.py",
             "    return int(\"\".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1\n",
             "    return True\n",
             ("tests/test_secrets.py::test_the_validators_keep_look_alike_numbers_out",)),
    Breakage("a reply's echo of the user's secret is kept", "language/secrets.py",
             "    if said_before:\n", "    if False:\n",
             ("tests/test_secrets.py::test_a_reply_that_echoes_the_users_secret_is_redacted",
              "tests/test_turn_redaction.py::test_an_exchange_kept_for_the_next_start_holds_no_secret")),
    Breakage("a secret taken back or a second of its kind said after it is kept", "language/secrets.py",
             "    found += _said_again(folded, found, finder)\n", "",
             ("tests/test_secrets.py::test_a_value_as_long_as_a_secret_said_again_after_it_is_redacted_both_times",)),
    Breakage("a second value said before a secret is kept", "language/secrets.py",
             "[(m, m.end(), secret.start) for m in before] + ", "",
             ("tests/test_secrets.py::test_a_value_as_long_as_a_secret_said_before_it_or_further_on_is_redacted_too",)),
    Breakage("only a long keyword ends a compound", "language/secrets.py",
             "for k in keyword_lists if len(k) == 1)", "for k in keyword_lists if len(k) == 1 and len(k[0]) > 5)",
             ("tests/test_secrets.py::test_a_keyword_ending_a_compound_of_any_length_names_its_value",)),
    Breakage("a year reached across words is a secret", "language/secrets.py",
             "    if bridged and _YEAR.fullmatch(value):", "    if False:",
             ("tests/test_secrets.py::test_an_ordinary_word_before_a_compound_keyword_or_a_year_across_words_is_no_secret",)),
    Breakage("the words of entering a code join nothing", "language/secrets.py",
             '*language.secret_words["entering"]', "*()",
             ("tests/test_secrets.py::test_a_code_typed_after_the_words_of_unlocking_is_a_code",)),
    Breakage("a number after a secret, an ordinary word between, is one", "language/secrets.py",
             "and finder.ordinary.isdisjoint(between)", "and True",
             ("tests/test_secrets.py::test_a_number_after_a_secret_in_another_sentence_or_of_another_kind_stays",)),
    Breakage("a number after a secret, in another sentence, is one", "language/secrets.py",
             "(not _SENTENCE_END.search(folded, *gap) or", "(True or",
             ("tests/test_secrets.py::test_a_number_after_a_secret_in_another_sentence_or_of_another_kind_stays",)),
    Breakage("a value said first needs its link right after it", "language/secrets.py",
             '''rf"(?:(?:[^\\W\\d]+[ \\t]+)?(?:{accented_links or '(?!)'})|[^\\W\\d]+['’]s)(?!\\w)"''',
             '''rf"(?:{accented_links or '(?!)'})(?!\\w)"''',
             ("tests/test_secrets.py::test_a_value_said_before_its_keyword_is_a_secret",)),
    Breakage("only short articles between a link and its value", "language/secrets.py",
             "MAX_ARTICLE_WORDS, MAX_ARTICLE_CHARS = 3, 10", "MAX_ARTICLE_WORDS, MAX_ARTICLE_CHARS = 2, 3",
             ("tests/test_secrets.py::test_a_value_after_an_adverb_or_a_secret_number_is_redacted",)),
    Breakage("a password's words are read after its digits", "language/secrets.py",
             "            patterns[name] = (re.compile(", "            patterns[name] = patterns[name][:1] + (re.compile(",
             ("tests/test_secrets.py::test_a_password_of_a_few_words_ending_the_clause_is_a_secret_but_its_manager_is_not",)),
    Breakage("a new preference leaves the favourite as it was", "language/rules.py",
             "_new_favourite(texts, language, known) if", "() if",
             ("tests/test_rules.py::test_a_new_preference_replaces_the_one_favourite_known",)),
    Breakage("a relative mentioned in an earlier clause is forgotten", "language/rules.py",
             "kin = next((relation for at, relation in reversed(mentions) if at < start), mentioned)",
             "kin = next((relation for at, relation in reversed(mentions) if at < start), None)",
             ("tests/test_rules.py::test_a_relative_named_earlier_without_a_name_is_what_he_or_she_is_said_of",)),
    Breakage("a PIN said in pairs is summed", "language/reading.py",
             "for group in _groups(run, words)", "for group in [run]",
             ("tests/test_secrets.py::test_a_pin_said_in_pairs_is_read_as_its_groups",)),
    Breakage("a fact spoken to the assistant is injected", "domain/proposal_edits.py",
             "        doubts = self.policy.doubts if self.automatic else lambda _text: False\n",
             "        doubts = lambda _text: False  # noqa: E731\n",
             ("tests/test_screen.py::test_a_doubtful_fact_is_held_aside_for_the_owner",)),
    Breakage("a relation spoken to the assistant is not doubted", "domain/proposal_edits.py",
             ', a.about or "", a.relation or ""', "",
             ("tests/test_screen.py::test_a_relation_spoken_to_the_assistant_holds_its_fact_aside",)),
    Breakage("the assistant named in another language is not held aside", "language/screen.py",
             " or language.screen.held_aside.search(text)", "",
             ("tests/test_screen.py::test_an_order_or_a_grant_in_any_form_is_refused_or_held_aside",)),
    Breakage("a fact held aside is asked about by voice", "pipelines/confirmation.py",
             " or item.held or ", " or ",
             ("tests/test_screen.py::test_a_doubtful_fact_is_held_aside_for_the_owner",)),
    Breakage("a pause between a keyword and its value hides the secret", "language/secrets.py",
             '_PAUSE = r"(?:\\s*(?:\\.{2,}|[,;?!–—-]))?"',
             '_PAUSE = r"(?:)"',
             ("tests/test_secrets.py::test_a_pause_between_a_keyword_and_its_value_hides_nothing",)),
    Breakage("everything of a thing of its own is forgetting everything", "language/controls.py",
             "    if not _of_the_memory(said[end:], words):\n        return None\n",
             "",
             ("tests/test_controls.py::test_everything_of_a_thing_of_its_own_is_no_forgetting_of_everything",)),
    Breakage("a pause takes any object", "language/controls.py",
             "            or _longest(after, words.everything) > 0 or _of_the_memory(after, words))",
             "            or True)",
             ("tests/test_controls.py::test_stopping_to_keep_another_thing_is_no_pause",
              "tests/test_controls.py::test_noting_or_tracking_another_thing_is_no_pause")),
    Breakage("everything about someone else is nothing", "language/controls.py",
             " or _all_about(words_said[everything:], words)",
             "",
             ("tests/test_controls.py::test_everything_about_someone_else_forgets_that_one",)),
    Breakage("a name said bare while the user goes on is clear", "language/controls.py",
             "unsure = unsure or bool(comma) or len(clauses) > 1 and",
             "unsure = unsure or False and",
             ("tests/test_controls.py::test_a_bare_name_or_topic_then_talk_is_unsure",)),
    Breakage("the screened form is cut where a compatibility form grows", "language/screen.py",
             "    return textlib.clean(text, len(text) * MAX_NFKC_GROWTH + 1)",
             "    return textlib.clean(text, len(text) + 1)",
             ("tests/test_secrets.py::test_a_pause_between_a_keyword_and_its_value_hides_nothing",)),
    Breakage("a missing language key goes unnoticed", "language/data.py",
             '    problems += [f"{code}/{PATTERNS_FILE}: key {key!r}" for key in PATTERN_KEYS if key not in patterns]\n',
             "",
             ("tests/test_languages.py::test_a_missing_key_is_named",)),
    Breakage("the commands, and OVOS with them, are imported before logging is quieted", "cli.py",
             "from typing import Iterator, List, Optional\n",
             "from typing import Iterator, List, Optional\n\nimport ovos_memory_plugin_entity.cli_commands  # noqa: F401\n",
             ("tests/test_cli.py::test_a_notice_ovos_logs_as_it_loads_never_reaches_stdout",)),
    Breakage("a chat no turn of which was answered succeeds", "chat.py",
             "    if turns and not answered:",
             "    if False:",
             ("tests/test_chat.py::test_a_handler_that_is_down_is_said_in_one_line_and_the_chat_fails",)),
    Breakage("a change names its last argument, not what it changed", "cli_commands.py",
             "        named = subject or arguments[-1]\n",
             "        named = arguments[-1]\n",
             ("tests/test_cli_changes.py",)),
    Breakage("import keeps quiet about what a tombstone kept out", "pipelines/owner.py",
             "    if not fact.about:\n        return editor.blocked(fact.text)",
             "    if not fact.about:\n        return False",
             ("tests/test_cli.py::test_import_after_forget_all_says_what_it_left_out_and_how_to_bring_one_back",)),
    Breakage("a pause phrasing with the user after its first word still pauses", "language/controls.py",
             "    if any(tuple(said[at:at + 2]) in words.two_part_verbs or said[at] in words.pause and said[at + 1] in words.personal\n",
             "    if False and any(tuple(said[at:at + 2]) in words.two_part_verbs or said[at] in words.pause and said[at + 1] in words.personal\n",
             ("tests/test_controls.py::test_a_pause_verb_with_the_user_right_after_its_first_word_is_a_reminder_not_a_pause",
              "tests/test_controls.py::test_a_dismissal_before_keeping_or_forgetting_is_no_negation")),
    Breakage("a pause said of that takes nothing back", "pipelines/commands.py",
             "            if control.target:  # \"no, don't save that\": what was just said goes too\n",
             "            if False:\n",
             ("tests/test_commands.py::test_a_pause_said_alone_of_that_takes_back_what_was_just_said",)),
    Breakage("the verb asked about is no assent", "language/yesno.py",
             "*language.assent, *own.forget, *own.delete),",
             "*language.assent),",
             ("tests/test_controls.py::test_a_yes_may_say_the_verb_asked_about_in_the_order_said",)),
    Breakage("a yes naming what was asked is something new", "language/yesno.py",
             "    return all(fold_accents(word) in language.stopwords or word in about\n",
             "    return all(False\n",
             ("tests/test_commands.py::test_a_yes_may_name_what_was_asked_with_small_words",)),
    Breakage("a question naming only the deleting is not ours", "pipelines/commands.py",
             "            verb.split()[0] for words in language.controls for verb in words.forget | words.delete}\n",
             "            verb.split()[0] for words in () for verb in words.forget | words.delete}\n",
             ("tests/test_commands.py::test_a_question_that_names_only_the_deleting_is_ours",)),
)


def _scratch_copy(into: Path) -> None:
    for name in (PACKAGE, "tests", "docs", "benchmarks"):  # the speech test scores with the benchmark's scorer
        shutil.copytree(ROOT / name, into / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pytest.ini", "readme.md", "setup.py"):
        shutil.copy2(ROOT / name, into / name)


def run(breakage: Breakage) -> Tuple[bool, str]:
    """(caught, what happened): the breakage applied to a scratch copy, its tests run."""
    with tempfile.TemporaryDirectory(prefix="breakage-") as folder:
        scratch = Path(folder)
        _scratch_copy(scratch)
        target = scratch / PACKAGE / breakage.path
        source = target.read_text(encoding="utf-8")
        if source.count(breakage.original) != 1:
            return False, f"stale: the snippet occurs {source.count(breakage.original)} times in {breakage.path}"
        target.write_text(source.replace(breakage.original, breakage.broken), encoding="utf-8")
        # The scratch copy comes first on the path, in this process's children too.
        env = dict(os.environ, PYTHONPATH=str(scratch), PYTHONDONTWRITEBYTECODE="1")
        command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *breakage.tests]
        try:
            done = subprocess.run(command, cwd=scratch, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return True, "the tests hung (caught)"
        last = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
        # 1: tests failed. 2-5 (interrupted, internal error, usage, no tests) prove nothing.
        return done.returncode == 1, f"exit {done.returncode}: {last}"


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.breakages", description=__doc__)
    parser.add_argument("--list", action="store_true", help="list the breakages and exit")
    parser.add_argument("--only", help="run only the breakage of this name")
    args = parser.parse_args(list(argv))
    chosen: List[Breakage] = [b for b in BREAKAGES if not args.only or b.name == args.only]
    if args.list or not chosen:
        print("\n".join(b.name for b in BREAKAGES))
        return 0 if args.list else 1
    missed = []
    for breakage in chosen:
        caught, detail = run(breakage)
        print(f"{'caught' if caught else 'MISSED'}  {breakage.name}: {detail}", flush=True)
        if not caught:
            missed.append(breakage.name)
    print(f"{len(chosen) - len(missed)} of {len(chosen)} breakages caught")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
