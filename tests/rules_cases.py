"""The rules extractor's own test set, per shipped language: multi-clause sentences,
family phrasings, gendered forms, and sentences that must yield nothing. Each case is
(user words, the facts expected as (text, who it is about or None)). Scored by
:func:`score`: precision and recall over the facts (``benchmarks/rules_eval.py`` prints them)."""
from __future__ import annotations

from typing import Dict, FrozenSet, List, Optional, Tuple

from ovos_memory_plugin_entity.language import rules
from ovos_memory_plugin_entity.language.locale_data import load_language

Expected = FrozenSet[Tuple[str, Optional[str]]]


def facts(*items: object) -> Expected:
    return frozenset((i, None) if isinstance(i, str) else i for i in items)  # type: ignore[misc]


CASES: Dict[str, List[Tuple[str, Expected]]] = {
    "en-us": [
        ("I'm allergic to peanuts and I love cycling.", facts("Is allergic to peanuts", "Likes cycling")),
        ("My name is Ana and I live in Porto.", facts("Name is Ana", "Lives in Porto")),
        ("I'm allergic to peanuts and shellfish.", facts("Is allergic to peanuts and shellfish")),
        ("My daughter Lena is allergic to cats.", facts(("Is allergic to cats", "Lena"), ("Is the user's daughter", "Lena"))),
        ("I work as a nurse and I live in Leeds.", facts("Works as a nurse", "Lives in Leeds")),
        ("I live in Porto but I hate the rain.", facts("Lives in Porto", "Dislikes the rain")),
        ("I love jazz and my son Tom is allergic to eggs.", facts("Likes jazz", ("Is allergic to eggs", "Tom"), ("Is the user's son", "Tom"))),
        ("I used to live in Paris and now I live in Rome.", facts("Lives in Rome")),
        ("I don't think I live in Porto any more.", facts()),
        ("Is it raining in Porto?", facts()),
    ],
    "pt-pt": [
        ("Sou alérgica a amendoins.", facts("É alérgica a amendoins")),
        ("Sou alérgico a amendoins e gosto de ciclismo.", facts("É alérgico a amendoins", "Gosta de ciclismo")),
        ("Chamo-me Ana e moro em Lisboa.", facts("Chama-se Ana", "Vive em Lisboa")),
        ("A minha filha Maria é alérgica a marisco.", facts(("É alérgica a marisco", "Maria"), ("É filha do utilizador", "Maria"))),
        ("O meu filho Rui é alérgico a gatos.", facts(("É alérgico a gatos", "Rui"), ("É filho do utilizador", "Rui"))),
        ("Sou enfermeira e moro no Porto.", facts("Trabalha como enfermeira", "Vive em Porto")),
        ("Eu não moro em Lisboa, moro no Porto.", facts("Vive em Porto")),
        ("Não sou alérgica a nada.", facts()),
        ("Moras em Lisboa?", facts()),
    ],
    "es-es": [
        ("Soy alérgica a los cacahuetes.", facts("Es alérgica a los cacahuetes")),
        ("Me llamo Lucía y vivo en Sevilla.", facts("Se llama Lucía", "Vive en Sevilla")),
        ("Mi hija Carmen es alérgica a los gatos.", facts(("Es alérgica a los gatos", "Carmen"), ("Es hija del usuario", "Carmen"))),
        ("Soy alérgico al marisco y me encanta el ciclismo.", facts("Es alérgico al marisco", "Le encanta el ciclismo")),
        ("Me gustan los gatos y odio los perros.", facts("Le gustan los gatos", "Odia los perros")),
        ("No soy alérgica a nada.", facts()),
        ("¿Vives en Sevilla?", facts()),
    ],
    "de-de": [
        ("Ich heiße Jonas und wohne in Köln.", facts("Heißt Jonas", "Wohnt in Köln")),
        ("Ich bin allergisch gegen Erdnüsse und arbeite als Lehrer.",
         facts("Ist allergisch gegen Erdnüsse", "Arbeitet als Lehrer")),
        ("Meine Tochter Lena ist allergisch gegen Katzen.", facts(("Ist allergisch gegen Katzen", "Lena"), ("Ist Tochter des Nutzers", "Lena"))),
        ("Mein Sohn Paul ist allergisch gegen Nüsse.", facts(("Ist allergisch gegen Nüsse", "Paul"), ("Ist Sohn des Nutzers", "Paul"))),
        ("Ich bin Lehrerin und wohne in Hamburg.", facts("Arbeitet als Lehrerin", "Wohnt in Hamburg")),
        ("Ich wohne nicht mehr in Köln und arbeite als Arzt.", facts("Arbeitet als Arzt")),
        ("Wohnst du in Köln?", facts()),
    ],
    "fr-fr": [
        ("Je suis allergique aux arachides et j'adore le vélo.", facts("Est allergique aux arachides", "Aime le vélo")),
        ("Je m'appelle Claire et j'habite à Lyon.", facts("S'appelle Claire", "Habite à Lyon")),
        ("Ma fille Léa est allergique aux chats.", facts(("Est allergique aux chats", "Léa"), ("Est fille de l'utilisateur", "Léa"))),
        ("Je suis infirmière et j'habite à Nice.", facts("Travaille comme infirmière", "Habite à Nice")),
        ("Je ne suis pas allergique.", facts()),
        ("Tu habites à Lyon ?", facts()),
    ],
    "it-it": [
        ("Sono allergica alle arachidi.", facts("È allergica alle arachidi")),
        ("Mi chiamo Giulia e vivo a Torino.", facts("Si chiama Giulia", "Vive a Torino")),
        ("Mia figlia Sofia è allergica ai gatti.", facts(("È allergica ai gatti", "Sofia"), ("È figlia dell'utente", "Sofia"))),
        ("Sono allergico alle noci e adoro il ciclismo.", facts("È allergico alle noci", "Adora il ciclismo")),
        ("Non mi piacciono i cani.", facts("Non gli piacciono i cani")),
        ("Non sono allergica a niente.", facts()),
        ("Vivi a Torino?", facts()),
    ],
    "nl-nl": [
        ("Ik heet Sanne en ik woon in Utrecht.", facts("Heet Sanne", "Woont in Utrecht")),
        ("Ik heet Sanne en woon in Utrecht.", facts("Heet Sanne", "Woont in Utrecht")),
        ("Ik ben allergisch voor pinda's en ik hou van fietsen.", facts("Is allergisch voor pinda's", "Houdt van fietsen")),
        ("Mijn dochter Lotte is allergisch voor katten.", facts(("Is allergisch voor katten", "Lotte"), ("Is dochter van de gebruiker", "Lotte"))),
        ("Ik woon niet in Utrecht en ik hou van katten.", facts("Houdt van katten")),
        ("Woon je in Utrecht?", facts()),
    ],
    "ca-es": [
        ("Sóc al·lèrgica als cacauets.", facts("És al·lèrgica als cacauets")),
        ("Em dic Jordi i visc a Girona.", facts("Es diu Jordi", "Viu a Girona")),
        ("La meva filla Laia és al·lèrgica als gats.", facts(("És al·lèrgica als gats", "Laia"), ("És filla de l'usuari", "Laia"))),
        ("Sóc al·lèrgic als fruits secs i m'agrada el ciclisme.",
         facts("És al·lèrgic als fruits secs", "Li agrada el ciclisme")),
        ("M'agraden els gats i no m'agrada el fred.", facts("Li agraden els gats", "No li agrada el fred")),
        ("No sóc al·lèrgica a res.", facts()),
        ("Vius a Girona?", facts()),
    ],
}


def extracted(words: str, lang: str) -> Expected:
    return frozenset((f.text, f.about) for f in rules.extract(words, load_language(lang)).add)


def score(lang: str) -> Tuple[float, float, List[str]]:
    """(precision, recall, the wrong or missed facts) of the rules on the language's cases."""
    right = wrong = missed = 0
    notes = []
    for words, expected in CASES[lang]:
        got = extracted(words, lang)
        right += len(got & expected)
        wrong += len(got - expected)
        missed += len(expected - got)
        notes += [f"wrong: {words!r} -> {fact}" for fact in sorted(got - expected, key=str)]
        notes += [f"missed: {words!r} -> {fact}" for fact in sorted(expected - got, key=str)]
    precision = right / (right + wrong) if right + wrong else 1.0
    recall = right / (right + missed) if right + missed else 1.0
    return precision, recall, notes
