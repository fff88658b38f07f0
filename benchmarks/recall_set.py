"""The plugin's own long-conversation recall set: facts told over many sessions, questions
asked weeks later.

Each target fact comes with three questions: one that shares words with it
(``lexical``), one that means the same in other words (``paraphrase``), and one in
Portuguese (``portuguese``; the facts are in English, as models usually write them).
Distractors share the questions' words but do not answer them, and most are told
*after* their target, so a ranking that favours recent facts loses them. A crowd of
recent small talk shares the common words of many questions ("play", "live",
"old"), in facts a little longer than the answers. Filler facts make up the rest. Deterministic: ``build(seed)``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import List, Tuple

# (fact, lexical question, paraphrase question, Portuguese question, later distractors)
TARGETS: List[Tuple[str, str, str, str, Tuple[str, ...]]] = [
    ("Has a guinea pig named Oscar", "What is my guinea pig called?", "What pet do I have?",
     "Que animal de estimação eu tenho?", ("Named the new wifi network Oscar", "Pet shop on Rua Augusta closed")),
    ("Works as a nurse at Santa Maria hospital", "Where do I work as a nurse?", "What is my job?",
     "Qual é a minha profissão?", ("Visited a friend at the hospital last week", "Works from the library on Fridays")),
    ("Is allergic to peanuts", "Am I allergic to anything?", "Which foods must I avoid for my health?",
     "Tenho alguma alergia?", ("Bought peanuts for the party", "Allergic reactions worry the school")),
    ("Lives in Porto, near the river", "Where do I live?", "Which city is my home?",
     "Em que cidade eu moro?", ("Lives for the weekends", "Porto wine was a gift from the boss")),
    ("Daughter Emma is seven years old", "How old is my daughter?", "How old is my kid?",
     "Quantos anos tem a minha filha?", ("Emma from work moved to Berlin", "Seven people came to dinner")),
    ("Plays the cello in an amateur orchestra on Tuesdays", "What instrument do I play?", "What music do I make myself?",
     "Que instrumento eu toco?", ("Plays football with colleagues", "Bought orchestra tickets for mum")),
    ("Is vegetarian since 2019", "Am I vegetarian?", "Do I eat meat?",
     "Eu como carne?", ("Since 2019 drives an electric car", "Cooked a vegetarian lasagna for guests")),
    ("Drives a red Toyota Corolla", "What car do I drive?", "What vehicle do I own?",
     "Qual é o meu carro?", ("Drives the kids to school on Mondays", "Red is the colour of the new sofa")),
    ("Favourite band is Radiohead", "What is my favourite band?", "Which group do I like listening to most?",
     "Qual é a minha banda preferida?", ("Favourite season is autumn", "Band practice was cancelled")),
    ("Speaks fluent German and some Japanese", "Which languages do I speak?", "Can I talk to people in Tokyo?",
     "Que línguas eu falo?", ("Speaks at a conference in May", "German neighbours moved out")),
    ("Wife Sofia teaches mathematics", "What does my wife teach?", "What is my partner's job?",
     "O que a minha esposa ensina?", ("Teaches the dog new tricks", "Mathematics homework is hard for Emma")),
    ("Runs five kilometres every morning", "How far do I run?", "What exercise do I do daily?",
     "Que exercício eu faço de manhã?", ("Runs the finances of the club", "Every morning checks the news")),
    ("Birthday is on the 14th of March", "When is my birthday?", "What day was I born?",
     "Quando é o meu aniversário?", ("March holiday planned in Madeira", "Birthday party for Emma in June")),
    ("Supports Benfica", "Which football club do I support?", "Which team am I a fan of?",
     "Para que clube eu torço?", ("Supports a charity for stray cats", "Football match on TV tonight")),
    ("Takes insulin for type 1 diabetes", "Do I take insulin?", "Do I have a chronic illness?",
     "Eu tenho alguma doença?", ("Takes the train to Lisbon twice a month", "Type of coffee preferred is espresso")),
    ("Grew up in Coimbra", "Where did I grow up?", "Where was my childhood spent?",
     "Onde eu passei a infância?", ("Tomatoes grew well on the balcony", "Coimbra trip postponed")),
    ("Is learning to sail on weekends", "What am I learning?", "What new hobby am I taking up on the water?",
     "Estou a aprender algum desporto?", ("Learning about tax rules for freelancers", "Weekends are busy in December")),
    ("Has a fear of heights", "What am I afraid of?", "Should I avoid tall towers and cliffs?",
     "Tenho medo de quê?", ("Heights of the kids were measured at school", "Fear of missing the flight")),
    ("Prefers tea over coffee", "Do I prefer tea or coffee?", "What hot drink do I like best?",
     "Qual bebida quente eu prefiro?", ("Coffee machine at the office broke", "Tea towels are in the drawer")),
    ("Brother Miguel lives in Toronto", "Where does my brother live?", "Which of my siblings is in Canada?",
     "Onde mora o meu irmão?", ("Lives near a bakery", "Toronto flight prices went up")),
    ("Studied architecture at university", "What did I study?", "What is my degree in?",
     "O que eu estudei na faculdade?", ("Studied the map before the hike", "University open day is in April")),
    ("Wakes up at six on weekdays", "What time do I wake up?", "When does my alarm ring?",
     "A que horas eu acordo?", ("Six friends came to the barbecue", "Weekdays are for the gym")),
    ("Is saving money for a house", "What am I saving for?", "What big purchase am I planning?",
     "Para que estou a poupar dinheiro?", ("House plants need water on Sundays", "Money transfer to Miguel done")),
    ("Reads mostly science fiction", "What books do I read?", "What kind of novels do I enjoy?",
     "Que tipo de livros eu leio?", ("Reads the electricity meter monthly", "Science museum visit with Emma")),
    ("Mother lives in Braga", "Where does my mother live?", "Where is my mum's house?",
     "Onde mora a minha mãe?", ("Lives close to the metro", "Braga cathedral photos printed")),
    ("Works night shifts twice a week", "Do I work night shifts?", "Am I sometimes awake at work all night?",
     "Eu trabalho de noite?", ("Night sky photography is a new interest", "Shifts the sofa to clean under it")),
    ("Cat Luna is fourteen years old", "How old is my cat?", "How old is my pet?",
     "Quantos anos tem a minha gata?", ("Luna park visit was fun", "Cat food delivery failed")),
    ("Hates loud restaurants", "Which restaurants do I hate?", "Where do I not like to eat out?",
     "Que tipo de restaurante eu evito?", ("Restaurants near the office are pricey", "Loud music from the neighbours")),
    ("Uses a wheelchair since an accident in 2015", "Do I use a wheelchair?", "Do I need step-free access?",
     "Eu preciso de acessibilidade?", ("Accident on the motorway delayed the trip", "Uses a standing desk at work")),
    ("Is afraid of dogs", "Am I afraid of dogs?", "Do animals that bark scare me?",
     "Tenho medo de cães?", ("Dogs are not allowed in the park", "Afraid the rain will ruin the picnic")),
]

FILLER_TEMPLATES = [
    "Bought {thing} at the {place}", "Asked about the {thing} opening hours", "Plans to fix the {thing} soon",
    "Lent the {thing} to a colleague", "Recommended the {place} to a friend", "Visited the {place} on {day}",
    "Ordered a new {thing} online", "Lost the {thing} at the {place}", "Paid the {thing} bill on {day}",
    "Meets the book club at the {place} on {day}",
]
# Told late, and many: each shares a common word with a question ("play", "work",
# "live", "old"...), so the answer, told earlier, must win on its words, not its age.
CROWD_TEMPLATES = [
    "Played {game} downtown with a colleague on {day} night", "Work meeting about the {thing} on {day} morning",
    "Friend from the {place} lives nearby now", "Old {thing} went to the {place} today",
    "Favourite {place} closed on {day} afternoon", "Afraid the {thing} broke on {day} again",
    "Every morning walks to the {place} early", "Drives the {thing} to the {place} weekly",
]
GAMES = ["chess", "cards", "padel", "tennis", "darts", "bingo", "poker", "golf", "squash", "volleyball"]
THINGS = ["umbrella", "printer", "bicycle", "lamp", "kettle", "ladder", "blender", "tent", "drill", "scarf",
          "backpack", "router", "camera", "heater", "mirror", "stroller", "piano stool", "garden hose"]
PLACES = ["market", "pharmacy", "post office", "hardware store", "garden centre", "cinema", "bakery",
          "dentist", "bank", "stadium", "beach bar", "city hall", "bookshop", "gym"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


@dataclass(frozen=True)
class Question:
    text: str
    answer: str  # the fact that answers it
    kind: str  # lexical, paraphrase, portuguese
    position: int  # where the answer stands in the telling order (0 = first told)


@dataclass(frozen=True)
class RecallSet:
    facts: List[str]  # in the order they were told, oldest first
    questions: List[Question]


def build(seed: int = 7, facts_total: int = 400) -> RecallSet:
    """Targets told in the first half, their distractors later, fillers throughout."""
    rng = random.Random(seed)
    fillers = sorted({t.format(thing=rng.choice(THINGS), place=rng.choice(PLACES), day=rng.choice(DAYS))
                      for t in FILLER_TEMPLATES for _ in range(60)})
    rng.shuffle(fillers)
    crowd = sorted({t.format(game=rng.choice(GAMES), thing=rng.choice(THINGS), place=rng.choice(PLACES),
                             day=rng.choice(DAYS)) for t in CROWD_TEMPLATES for _ in range(25)})
    distractors = [d for target in TARGETS for d in target[4]]
    room = facts_total - len(TARGETS) - len(distractors) - len(crowd)
    early = [t[0] for t in TARGETS] + fillers[:room // 2]
    rng.shuffle(early)
    late = distractors + fillers[room // 2:room]
    rng.shuffle(late)
    rng.shuffle(crowd)
    facts = early + late + crowd  # the recent weeks' chatter is newest
    position = {text: n for n, text in enumerate(facts)}
    questions = [Question(question, fact, kind, position[fact])
                 for fact, lexical, paraphrase, portuguese, _ in TARGETS
                 for kind, question in (("lexical", lexical), ("paraphrase", paraphrase),
                                        ("portuguese", portuguese))]
    return RecallSet(facts, questions)
