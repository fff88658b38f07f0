"""The rules hearing a household's core facts as a recogniser gives them (issue 32, item 3):
lower case, unpunctuated, with the small talk around them. Sentences of our own, not the
scorers' dev data: (who the fact is about or None, its text), the whole set expected."""
from __future__ import annotations

import re

import pytest

from ovos_memory_plugin_entity.language import rules
from ovos_memory_plugin_entity.language.locale_data import load_language
from ovos_memory_plugin_entity.language.reading import read


def heard(lang, said):
    return {(a.about, a.text) for a in rules.extract(said, load_language(lang)).add}


@pytest.mark.parametrize("lang, said, expected", [
    # When it is so, said inside the clause, is read past
    ("es-es", "trabajo ahora en mercadona", {(None, "Trabaja en Mercadona")}),
    ("nl-nl", "ik werk sinds januari bij prorail", {(None, "Werkt bij Prorail")}),
    ("de-de", "ich arbeite jetzt bei rossmann", {(None, "Arbeitet bei Rossmann")}),
    ("fr-fr", "je travaille maintenant chez renault", {(None, "Travaille chez Renault")}),
    ("pt-pt", "trabalho agora na galp", {(None, "Trabalha na Galp")}),
    ("en-us", "right now i am at work", set()),
    # everyday words for one's own: a girlfriend, the kids
    ("it-it", "la mia morosa si chiama elena", {("Elena", "È morosa dell'utente")}),
    ("fr-fr", "on a deux gamins, léo et capucine", {("Léo", "Fait partie des gamins de l'utilisateur"),
                                                   ("Capucine", "Fait partie des gamins de l'utilisateur")}),
    ("de-de", "wir haben zwei kids, paul und emma", {("Paul", "Ist eines der Kids des Nutzers"),
                                                    ("Emma", "Ist eines der Kids des Nutzers")}),
    ("it-it", "abbiamo due figlie, giulia e marta", {(None, "Ha 2 figlie"), ("Giulia", "Fa parte dei figlie dell'utente"),
                                                    ("Marta", "Fa parte dei figlie dell'utente")}),
    ("fr-fr", "un mec m'a appelé", set()),
    # a verb's form right after a relative is no name, a given name so ending is
    ("pt-pt", "põe leite na lista que a minha mulher pediu e ovos", set()),
    ("es-es", "mi mujer pidió y yo no", set()),
    ("en-us", "my wife asked and i said no", set()),
    ("pt-pt", "o meu filho romeu e eu", {("Romeu", "É filho do utilizador")}),
    ("en-us", "my son ted and i", {("Ted", "Is the user's son")}),
    # a move said with "emménager"; "bueno" ends a town
    ("fr-fr", "on a emménagé à nantes en 2019", {(None, "Habite à Nantes")}),
    ("es-es", "mis padres viven en cáceres bueno no sé", {(None, "Padres viven en Cáceres")}),
])
def test_everyday_words_for_when_and_for_ones_own(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A diet said as what one eats, in either word order.
    ("en-us", "i've been eating vegan since march", {(None, "Eats vegan")}),
    ("de-de", "seit letztem sommer ess ich vegan", {(None, "Isst vegan")}),
    ("nl-nl", "ik eet sinds kort vegetarisch", {(None, "Eet vegetarisch")}),
    ("ca-es", "menjo vegetariana fa temps", {(None, "Menja vegetariana")}),
    ("it-it", "mangio vegano da quando ero ragazzo", {(None, "Mangia vegano")}),
    ("de-de", "ich esse nicht vegan", set()),
    # A job one starts, a day between.
    ("fr-fr", "je commence jeudi comme pharmacienne", {(None, "Travaille comme pharmacienne")}),
    ("it-it", "comincio lunedì come infermiere in ospedale", {(None, "Lavora come infermiere")}),
    ("es-es", "empiezo mañana de enfermero en un centro de salud", {(None, "Trabaja como enfermero")}),
    ("es-es", "empiezo de nuevo", set()),
    # A birthday with its month, the day in words.
    ("en-us", "my birthday's april ninth", {(None, "Birthday is April Ninth")}),
    ("it-it", "il mio compleanno è il nove aprile", {(None, "Compleanno è il 9 aprile")}),
    ("nl-nl", "ik ben jarig op negen april", {(None, "Is jarig op 9 april")}),
    ("pt-pt", "faço anos a nove de abril", {(None, "Faz anos a 9 de abril")}),
    # A condition one has; not one one has not.
    ("de-de", "ich hab asthma seit der kindheit", {(None, "Hat asthma")}),
    ("es-es", "tengo migrañas casi cada semana", {(None, "Tiene migrañas")}),
    ("es-es", "no tengo asma", set()),
])
def test_a_diet_a_new_job_a_birthday_and_a_condition_are_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    ("nl-nl", "ik woon trouwens in zwolle", {(None, "Woont in Zwolle")}),
    ("nl-nl", "mijn broer heet trouwens daan", {("Daan", "Is broer van de gebruiker")}),
])
def test_by_the_way_inside_a_dutch_clause_is_set_aside(lang, said, expected):
    """"trouwens" inside a clause is set aside, no place where the speaker starts again."""
    assert heard(lang, said) == expected



@pytest.mark.parametrize("lang, said, expected", [
    ("es-es", "odio el brócoli no lo trago", {(None, "Odia el brócoli")}),
    ("it-it", "odio le zucchine non le reggo", {(None, "Odia le zucchine")}),
    ("ca-es", "odio els espinacs no els aguanto", {(None, "Odia els espinacs")}),
    # A negation after its verb, or after a small word, still turns the value around.
    ("de-de", "ich mag spinat nicht so gern", set()),
    ("en-us", "i like tea with no milk in it", set())])
def test_a_negation_before_its_verb_ends_the_value(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    ("en-us", "we've got three kids sam who's twelve and lily who is six",
     {(None, "Has 3 kids"), ("Sam", "Is 12 years old"), ("Lily", "Is 6 years old")}),
    ("pt-pt", "temos dois filhos o tomás que tem doze anos e a inês que tem seis",
     {(None, "Tem 2 filhos"), ("Tomás", "Tem 12 anos"), ("Inês", "Tem 6 anos")}),
    ("nl-nl", "we hebben twee kinderen noor die is twaalf en sem die is zes",
     {(None, "Heeft 2 kinderen"), ("Noor", "Is 12 jaar oud"), ("Sem", "Is 6 jaar oud")}),
    ("de-de", "wir haben zwei kinder die hanna ist zwölf und der felix wird bald sechs",
     {(None, "Hat 2 kinder"), ("Hanna", "Ist 12 Jahre alt"), ("Felix", "Wird 6 Jahre alt")}),
    # With no children said, what has an age is no child; a relative is not named by its relation.
    ("es-es", "el coche que tiene doce años", set()),
    ("nl-nl", "we hebben een hond die is tien", {(None, "Hond is 10 jaar oud")})])
def test_children_are_named_with_their_ages(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # After a fact, only an "and" carries the next clause onto it.
    ("es-es", "me llamo carmen aunque todos me dicen menchu", {(None, "Se llama Carmen")}),
    # Where a relative said earlier is from, a closing word no part of the place.
    ("en-us", "my father in law lives nearby and he's from tucson originally", {(None, "Father in law is from Tucson")}),
    ("de-de", "mein schwager er kommt aus graz", {(None, "Schwager kommt aus Graz")}),
    ("fr-fr", "mon frère il vient de partir", set()),
    # "c'est" names a relative; what a relative "est" does not.
    ("fr-fr", "mon mari c'est antoine", {("Antoine", "Est mari de l'utilisateur")}),
    ("fr-fr", "ma sœur est malade en ce moment", set()),
    # "my husband is NAME, who ...": the name ends at the relative; a job is no name.
    ("es-es", "mi mujer es lucía, que trabaja conmigo", {("Lucía", "Es mujer del usuario")}),
    ("it-it", "mio marito è paolo che ti ha installato", {("Paolo", "È marito dell'utente")}),
    # after a fact, a clause that opens no fact is no part of it
    ("es-es", "me llamo jordi aunque todo el mundo me dice jor", {(None, "Se llama Jordi")}),
    # a job names no one: it is what the unnamed relative does, as in English ("Wife works as a nurse")
    ("es-es", "mi marido es fontanero", {(None, "Marido trabaja como fontanero")}),
    ("nl-nl", "mijn vrouw is verpleegkundige", {(None, "Vrouw werkt als verpleegkundige")})])
def test_a_relatives_name_and_origin_and_what_follows_a_fact(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # What a relative named earlier plays or does, the weekday after it no part of it.
    ("es-es", "mi hijo marcos juega al baloncesto los sábados",
     {("Marcos", "Es hijo del usuario"), ("Marcos", "Juega al baloncesto")}),
    ("it-it", "mia figlia sara fa danza il lunedì", {("Sara", "È figlia dell'utente"), ("Sara", "Fa danza")}),
    ("ca-es", "la meva filla laia fa natació els dijous", {("Laia", "És filla de l'usuari"), ("Laia", "Fa natació")}),
    # Portuguese "no" is "in the", no negation: what follows it is kept.
    ("pt-pt", "no verão o meu filho tiago joga futebol", {("Tiago", "É filho do utilizador"), ("Tiago", "Joga futebol")}),
    # "anni fa", "hace frío": time and weather are no activity.
    ("it-it", "mio figlio luca è nato tre anni fa a napoli", {("Luca", "È figlio dell'utente")}),
    ("es-es", "mi hija lucía dice que hace frío", {("Lucía", "Es hija del usuario")})])
def test_what_a_relative_plays_or_does(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # An age is whole at "years old", whatever is said after it; adverbs may stand before it.
    ("en-us", "my nephew owen is nine years old can you imagine",
     {("Owen", "Is the user's nephew"), ("Owen", "Is 9 years old")}),
    ("nl-nl", "mijn dochter lotte is zeven jaar oud moet je nagaan",
     {("Lotte", "Is dochter van de gebruiker"), ("Lotte", "Is 7 jaar oud")}),
    ("de-de", "unsere katze heißt mia und die ist jetzt auch schon neun jahre alt glaub ich",
     {("Mia", "Ist Katze des Nutzers"), ("Mia", "Ist 9 Jahre alt")}),
    ("en-us", "my niece's school is 12 miles away", set())])
def test_an_age_ends_at_years_old(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # What one cannot tolerate or digest, the negation part of the verb.
    ("de-de", "ich vertrag leider keine milchprodukte", {(None, "Verträgt keine milchprodukte")}),
    ("nl-nl", "ik kan echt niet tegen lactose", {(None, "Kan niet tegen lactose")}),
    ("es-es", "no tolero bien el gluten", {(None, "No tolera el gluten")}),
    ("en-us", "i can't digest lactose", {(None, "Can't tolerate lactose")}),
    ("es-es", "no tolero que me mientan", set())])
def test_what_one_cannot_tolerate(lang, said, expected):
    assert heard(lang, said) == expected


def test_a_catalan_oops_is_set_aside_before_a_control():
    assert read("ui oblida això", load_language("ca-es").reading).clauses[0].words == ("oblida", "això")


@pytest.mark.parametrize("lang, said, wrong", [
    ("en-us", "my daughter emma plays what", "what"), ("en-us", "my sister ana she's from where", "where"),
    ("es-es", "mi hija lucía juega a qué", "qué"), ("de-de", "meine tochter lena spielt was", "was"),
    ("en-us", "my sister ana takes emma to school", "takes"), ("en-us", "i can't tolerate people who chew loudly", "people"),
    ("es-es", "no tolero a mi jefe", "jefe"), ("ca-es", "no tolero el meu cap", "cap")])
def test_a_question_without_its_mark_or_a_clause_about_someone_else_is_no_fact(lang, said, wrong):
    """Said as a recogniser gives it: the question word ends the value; "takes" and "tolerate people" say no habit."""
    facts = [fact.text for fact in rules.extract(said, load_language(lang)).add]
    assert not any(wrong in fact.casefold() for fact in facts), facts


@pytest.mark.parametrize("lang, said, expected", [
    # A move from a place is where the user lived before; it is no home.
    ("en-us", "we moved down here from tucson about two years back", {(None, "Moved from Tucson")}),
    ("fr-fr", "nous avons déménagé de lille l'an dernier", {(None, "A déménagé de Lille")}),
    ("fr-fr", "je suis parti de rien", set()),
    ("pt-pt", "mudei de emprego no verão", set()),
    ("ca-es", "em vaig mudar de roba", set()),
    ("es-es", "nos mudamos desde vigo hace un año", {(None, "Se mudó desde Vigo")}),
    ("pt-pt", "mudámo-nos do porto para cá no inverno", {(None, "Mudou-se de Porto")}),
    ("it-it", "ci siamo trasferiti qui da trento l'anno scorso", {(None, "Si è trasferito da Trento")}),
    ("ca-es", "em vaig mudar des de lleida fa dos anys", {(None, "Es va mudar des de Lleida")}),
    ("de-de", "wir sind vor fünf jahren aus dresden hergezogen", {(None, "Ist aus Dresden hergezogen")}),
    ("nl-nl", "ik ben vorig jaar uit zwolle hierheen verhuisd", {(None, "Is verhuisd uit Zwolle")}),
    ("en-us", "we moved from the old flat last spring", set()),
    ("es-es", "nos mudamos de casa en verano", set()),
    ("en-us", "we didn't move here from tucson", set()),
    ("en-us", "we moved from one plan to another", set()),
    ("es-es", "nos mudamos de barrio en mayo", set()),
    ("nl-nl", "we zijn uit elkaar gegaan", set()),
])
def test_a_move_from_a_place_is_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Who is speaking, said in passing; an article before a name in Catalan and Portuguese.
    # "this is X speaking" is a host, a voicemail or a caller as often as the user: no name
    ("en-us", "hi this is gordon speaking", set()),
    ("en-us", "hello this is mike speaking welcome to the show", set()),
    ("en-us", "it's fear talking", set()),
    ("ca-es", "bon dia sóc la montse", {(None, "Es diu Montse")}),
    ("pt-pt", "olá sou o duarte e trabalho em lisboa", {(None, "Chama-se Duarte")}),
    ("ca-es", "sóc la millor", set()),
    ("pt-pt", "sou o mais novo", set()),
    ("ca-es", "sóc el metge", set()),
    ("en-us", "this is not working", set()),
    ("en-us", "it's grandpa talking", set()),
    # "soc" as the new spelling writes it; Catalan's personal article even before "I have": a name.
    ("ca-es", "bé doncs soc en quim eh tinc quaranta anys", {(None, "Es diu Quim"), (None, "Té 40 anys")}),
    ("ca-es", "bé doncs soc en pitu visc a reus", {(None, "Es diu Pitu"), (None, "Viu a Reus")}),  # no given name
    ("ca-es", "soc en casa i tinc mal de cap", set()),
    ("ca-es", "soc la responsable", set()),
    ("it-it", "allora sono la beatrice", {(None, "Si chiama Beatrice")}),
    ("it-it", "sono la mamma di giorgio", set()),
    ("it-it", "sono il più piccolo", set()),
])
def test_who_is_speaking_is_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Children named after how many there are, each with their age; a pet after a number.
    ("de-de", "wir haben drei kinder jonas der ist neun und mia die ist vier",
     {(None, "Hat 3 kinder"), ("Jonas", "Ist 9 Jahre alt"), ("Mia", "Ist 4 Jahre alt")}),
    ("pt-pt", "tenho dois filhos a beatriz de dez anos e o tomás de três",
     {(None, "Tem 2 filhos"), ("Beatriz", "Tem 10 anos"), ("Tomás", "Tem 3 anos")}),
    ("es-es", "tengo tres chavales hugo que tiene nueve", {("Hugo", "Tiene 9 años")}),
    ("it-it", "martina ne ha sette e un criceto che si chiama biscotto",
     {("Biscotto", "È criceto dell'utente")}),
])
def test_children_and_a_pet_said_in_one_breath(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # "You know ..." before a fact is a lead-in, not a question; a relative's age, then their home.
    ("pt-pt", "sabes o meu pai tem oitenta e um anos e ainda mora sozinho em tomar",
     {(None, "Pai tem 81 anos"), (None, "Pai vive em Tomar")}),
    ("de-de", "weißt du mein vater ist achtzig und lebt noch allein in passau",
     {(None, "Vater ist 80 Jahre alt"), (None, "Vater wohnt in Passau")}),
    ("nl-nl", "mijn vader woont nog helemaal alleen in assen", {(None, "Vader woont in Assen")}),
    ("en-us", "my dad still lives all alone in fresno", {(None, "Dad lives in Fresno")}),
    ("pt-pt", "sabes onde mora o meu pai", set()),
])
def test_you_know_before_a_fact_and_living_alone(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A relative's name after an article, said with "is"; a nominalised adjective names no one.
    ("ca-es", "el meu germà és el pere i viu a reus", {("Pere", "És germà de l'usuari"), ("Pere", "Viu a Reus")}),
    ("ca-es", "el meu home és el jordi", {("Jordi", "És home de l'usuari")}),
    ("de-de", "meine schwester ist die anke", {("Anke", "Ist Schwester des Nutzers")}),
    ("ca-es", "la meva filla és la petita", set()),
    ("de-de", "mein sohn ist der jüngste", set()),
    ("de-de", "mein mann ist der koch bei uns", set()),
])
def test_a_relatives_name_after_an_article(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Where a job is done, said with the job: the employer beside the job.
    ("en-us", "i'm a pharmacist at walgreens on main street",
     {(None, "Works as a pharmacist"), (None, "Works at Walgreens")}),
    ("pt-pt", "sou médica na cuf", {(None, "Trabalha como médica"), (None, "Trabalha na Cuf")}),
    ("de-de", "ich bin lehrerin bei der stadt", {(None, "Arbeitet als Lehrerin")}),
    ("de-de", "ich bin mechaniker bei bosch", {(None, "Arbeitet als Mechaniker"), (None, "Arbeitet bei Bosch")}),
    ("nl-nl", "ik ben kapper bij hairworks", {(None, "Werkt als kapper"), (None, "Werkt bij Hairworks")}),
    ("fr-fr", "je suis boulanger chez paul", {(None, "Travaille comme boulanger"), (None, "Travaille chez Paul")}),
    ("en-us", "i'm a cook at heart", {(None, "Works as a cook")}),
    ("en-us", "i'm a baker for fun", {(None, "Works as a baker")}),
    ("pt-pt", "sou cozinheira na nossa casa", {(None, "Trabalha como cozinheira")}),
    # when it is done is no employer
    ("es-es", "soy camarero en verano", {(None, "Trabaja como camarero")}),
    ("de-de", "ich bin mechaniker bei bedarf", {(None, "Arbeitet als Mechaniker")}),
    ("pt-pt", "sou empregada de mesa no verão", {(None, "Trabalha como empregada de mesa")}),
])
def test_where_a_job_is_done(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A dose's drug is the word before its number, whatever is said between; a dose said first is a dose too.
    ("de-de", "ich nehm seit jahren simvastatin vierzig milligramm", {(None, "Nimmt simvastatin 40 milligramm")}),
    ("pt-pt", "tomo sempre ao deitar sertralina de cinquenta miligramas", {(None, "Toma sertralina 50 miligramas")}),
    ("en-us", "i take thirty milligrams of prednisone", {(None, "Takes prednisone 30 milligrams")}),
    ("it-it", "prendo dieci milligrammi di ramipril la sera", {(None, "Prende ramipril 10 milligrammi")}),
    ("nl-nl", "ik neem twintig milligram omeprazol", {(None, "Neemt omeprazol 20 milligram")}),
    # When it is taken may stand between the drug and its dose; a word before a time of day is no drug.
    ("en-us", "i take my atorvastatin every night forty milligrams", {(None, "Takes atorvastatin 40 milligrams")}),
    ("pt-pt", "eu tomo levotiroxina todas as manhãs cinquenta microgramas em jejum", {(None, "Toma levotiroxina 50 microgramas")}),
    ("de-de", "ich nehme ramipril jeden morgen fünf milligramm", {(None, "Nimmt ramipril 5 milligramm")}),
    ("nl-nl", "ik neem elke dag tien milligram tegen de pijn", set()),
    ("en-us", "i take my pills in the morning 20 mg", set()),
    ("en-us", "i take about two ml", set()),
    ("en-us", "i take vitamin d 2000 units", set()),
])
def test_a_dose_with_words_between_or_said_first(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A relative who "is" a word, then their age: the word may be a state as well as a name
    # ("my son is tired he's nine"), so it names no one; the age is still the relative's.
    ("en-us", "my son is tired he's nine", {(None, "Son is 9 years old")}),
    ("en-us", "my daughter is starving she's seven", {(None, "Daughter is 7 years old")}),
    ("en-us", "my son is sick he's only four", {(None, "Son is 4 years old")}),
    # An ex is no partner: "ex" stays with the relation.
    ("en-us", "my ex wife's name is carla", {("Carla", "Is the user's ex wife")}),
])
def test_a_relative_who_is_a_word_then_their_age_is_named_by_no_one(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said", [
    # What happened to a relative, said right after them, names no one.
    ("en-us", "my grandpa passed in march"), ("en-us", "my daughter graduated"),
    ("pt-pt", "o meu avô faleceu"), ("es-es", "mi abuela falleció"), ("it-it", "mio nonno è morto"),
    ("de-de", "mein opa starb"), ("nl-nl", "mijn oma overleed"), ("ca-es", "la meva àvia morí"),
])
def test_what_happened_to_a_relative_names_no_one(lang, said):
    assert not [f for f in rules.extract(said, load_language(lang)).add if f.about]


@pytest.mark.parametrize("lang, said, expected", [
    # An age said after a second relative is that relative's, not the one named before.
    ("en-us", "my wife's name is petra and my daughter is poorly she's eight",
     {("Petra", "Is the user's wife"), (None, "Daughter is 8 years old")}),
    ("de-de", "meine frau heißt petra und meine tochter hat fieber sie ist acht",
     {("Petra", "Ist Frau des Nutzers"), (None, "Tochter ist 8 Jahre alt")}),
    ("es-es", "mi mujer se llama petra y mi hija está resfriada tiene ocho años",
     {("Petra", "Es mujer del usuario"), (None, "Hija tiene 8 años")}),
    ("it-it", "mia moglie si chiama petra e mia figlia è raffreddata ha otto anni",
     {("Petra", "È moglie dell'utente"), (None, "Figlia ha 8 anni")}),
    # The relative named with the age keeps it.
    ("es-es", "mi hija inés tiene ocho años", {("Inés", "Es hija del usuario"), ("Inés", "Tiene 8 años")}),
    ("en-us", "our dog is a collie called rex he is nine", {("Rex", "Is the user's dog"), ("Rex", "Is the user's collie"), ("Rex", "Is 9 years old")}),
])
def test_an_age_is_of_the_relative_it_follows(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A closing command to keep what was said is no part of the value before it.
    ("en-us", "i work as a welder write that down", {(None, "Works as a welder")}),
    ("en-us", "i'm allergic to wasps and bees save it", {(None, "Is allergic to wasps and bees")}),
    ("pt-pt", "moro em évora grava isso", {(None, "Vive em Évora")}),
    ("es-es", "vivo en zamora apúntatelo", {(None, "Vive en Zamora")}),
    ("de-de", "ich wohne in kassel notier dir das", {(None, "Wohnt in Kassel")}),
    ("fr-fr", "j'habite à brest note ça", {(None, "Habite à Brest")}),
    ("it-it", "vivo a lecce segnatelo", {(None, "Vive a Lecce")}),
    ("nl-nl", "ik woon in zwolle schrijf dat op", {(None, "Woont in Zwolle")}),
    ("ca-es", "visc a reus recorda-ho", {(None, "Viu a Reus")}),
])
def test_a_closing_command_to_keep_is_no_part_of_the_value(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A move or a stay in a room, for a meal or a short time, or under a past time clause, is no home now.
    ("en-us", "back when we were students we moved to hull", set()),
    ("en-us", "we moved to the sofa for tea", set()),
    ("en-us", "we moved to lisbon for the winter", set()),
    ("pt-pt", "quando eu tinha dez anos mudámo-nos para viseu", set()),
    ("pt-pt", "mudámo-nos para a sala para o lanche", set()),
    ("es-es", "de pequeña nos mudamos a burgos", set()),
    ("de-de", "wir wohnen diese woche in passau", set()),
    ("fr-fr", "quand on était jeunes on a déménagé à metz", set()),
    ("it-it", "viviamo a pisa questo fine settimana", set()),
    ("ca-es", "ens vam mudar a la terrassa per dinar", set()),
    # Said of another clause, it leaves the home alone.
    ("en-us", "my brother lives in york and he's away this week", {(None, "Brother lives in York")}),
    ("pt-pt", "vivo em viseu e vamos de férias amanhã", {(None, "Vive em Viseu")}),
    ("es-es", "me mudé a burgos el año pasado", {(None, "Vive en Burgos")}),
])
def test_a_move_for_a_meal_a_short_time_or_in_the_past_is_no_home(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A pet adopted, its kind said again with words between, named after "her name is" or a pronoun.
    ("en-us", "we adopted a rescue mutt last week his name's pepper",
     {("Pepper", "Is the user's mutt")}),
    ("en-us", "our cat's a tabby her name is suki she's two",
     {("Suki", "Is the user's cat"), ("Suki", "Is 2 years old")}),
    ("de-de", "wir haben einen hund vom tierheim einen mischling er heißt fips",
     {("Fips", "Ist Hund des Nutzers (Mischling)"), ("Fips", "Ist Mischling des Nutzers")}),
    ("fr-fr", "on a pris un chien au refuge un bâtard il s'appelle ficelle",
     {("Ficelle", "Est chien de l'utilisateur (bâtard)"), ("Ficelle", "Est chien de l'utilisateur")}),
    ("it-it", "abbiamo preso un cane dal canile un bastardino che si chiama pippo",
     {("Pippo", "È cane dell'utente (bastardino)"), ("Pippo", "È cane dell'utente")}),
    # A pet and another, "and" between, is no breed of the first.
    ("fr-fr", "on a un chien et une chatte elle s'appelle mina", {("Mina", "Est chatte de l'utilisateur")}),
])
def test_a_pet_adopted_with_its_kind_and_name(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A relative named after the word for which of the children they are.
    ("es-es", "mi hijo el pequeño bruno tiene cinco años", {("Bruno", "Es hijo del usuario"), ("Bruno", "Tiene 5 años")}),
    ("it-it", "mio figlio minore tommaso ha sette anni", {("Tommaso", "È figlio dell'utente"), ("Tommaso", "Ha 7 anni")}),
    ("pt-pt", "a minha filha mais nova a beatriz tem sete anos",
     {("Beatriz", "É filha do utilizador"), ("Beatriz", "Tem 7 anos")}),
    ("fr-fr", "mon fils cadet hugo a huit ans", {("Hugo", "Est fils de l'utilisateur"), ("Hugo", "A 8 ans")}),
    ("ca-es", "el meu fill petit biel té sis anys", {("Biel", "És fill de l'usuari"), ("Biel", "Té 6 anys")}),
    # The word alone names no one.
    ("es-es", "mi hijo el pequeño es muy travieso", set()),
])
def test_a_relative_named_after_which_child_they_are(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said", [
    # A home said with an indefinite article is a kind of place, not a place's name.
    ("es-es", "vivimos en un bajo con patio"), ("it-it", "abito in una mansarda"), ("de-de", "wir wohnen in einem reihenhaus"),
    ("nl-nl", "wij wonen in een rijtjeshuis"), ("ca-es", "visc en un àtic"), ("en-us", "we live in a bungalow"),
])
def test_a_home_after_an_indefinite_article_is_no_place_name(lang, said):
    assert heard(lang, said) == set()


@pytest.mark.parametrize("lang, said, expected", [
    # A closing command to keep what was said ends a name too.
    ("en-us", "my name is wendell remember that", {(None, "Name is Wendell")}),
    ("es-es", "me llamo aurelio apúntalo", {(None, "Se llama Aurelio")}),
    ("fr-fr", "je m'appelle gaspard note le", {(None, "S'appelle Gaspard")}),
    ("it-it", "mi chiamo ottavio ricordatelo", {(None, "Si chiama Ottavio")}),
    ("nl-nl", "ik heet sjoerd onthoud dat", {(None, "Heet Sjoerd")}),
    ("ca-es", "em dic quim apunta-ho", {(None, "Es diu Quim")}),
])
def test_a_closing_command_to_keep_ends_a_name(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said", [
    # A pet or a person said of a relative ("of my sister", "my sister has") is the relative's: nothing is the user's.
    ("pt-pt", "o gato da minha cunhada chama-se tareco"),
    ("pt-pt", "a filha da minha prima tem nove anos"),
    ("es-es", "el marido de mi prima se llama ramiro y vive en teruel"),
    ("fr-fr", "le lapin de mon neveu s'appelle caramel"),
    ("it-it", "il cane della mia vicina si chiama briciola"),
    ("ca-es", "el gat de la meva tieta es diu pelut"),
    ("nl-nl", "de kat van mijn oma heet poekie"),
    ("de-de", "die katze meiner oma heißt minka"),
    ("de-de", "der hund von meinem onkel heißt hasso"),
    ("en-us", "the cat of my aunt is called tibbles"),
    ("en-us", "my uncle has a parrot called captain"),
    ("es-es", "mi tía tiene una gata que se llama nieve"),
])
def test_what_a_relative_owns_is_not_the_users(lang, said):
    assert heard(lang, said) == set()


@pytest.mark.parametrize("lang, said, expected", [
    # What is said inside a dream, a wish or a hypothetical is no fact of the user,
    # before it, after it or at the end of the turn; a fact in another clause stays.
    ("en-us", "i'm an astronaut in my dreams", set()),
    ("en-us", "when i grow up i'm a firefighter", set()),
    ("en-us", "i live in dover but only in my dreams", set()),
    ("es-es", "vivo en lugo pero solo en mis sueños", set()),
    ("en-us", "i live in tulsa and in my dreams i'm a surgeon", {(None, "Lives in Tulsa")}),
    ("pt-pt", "noutra vida morava em veneza", set()),
    ("pt-pt", "quem me dera viver em tavira", set()),
    # A frame closing its clause may open the next one: neither is kept, nothing replaced.
    ("en-us", "i'm vegan in my dreams i live in rome", set()),
    ("fr-fr", "j'adore le jazz dans mes rêves j'habite à rome", set()),
    # A game, a story or a role frames nothing: work in one is work.
    ("en-us", "i am a developer i work in the game industry", {(None, "Works as a developer")}),
    ("es-es", "si fuera rico viviría en mónaco", set()),
    ("fr-fr", "je suis astronaute dans mes rêves", set()),
    ("it-it", "da grande sono veterinario", set()),
    ("de-de", "in einem anderen leben wohne ich in wien", set()),
    ("ca-es", "quan sigui gran sóc bomber", set()),
    ("ca-es", "em dic jordi i en els meus somnis sóc pilot", {(None, "Es diu Jordi")}),
    # A wish for someone else frames nothing.
    ("en-us", "i live in ripon and i wish you a happy new year", {(None, "Lives in Ripon")}),
    ("nl-nl", "ik woon in assen en ik wens je een fijne dag", {(None, "Woont in Assen")}),
])
def test_a_dream_a_wish_or_a_hypothetical_holds_no_fact(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A pet named as people say it, in every language: "namens", "er heißt", the name before "heet", "de nom".
    ("de-de", "wir haben eine katze namens frieda", {("Frieda", "Ist Katze des Nutzers")}),
    ("de-de", "wir haben einen kater er heißt moritz", {("Moritz", "Ist Kater des Nutzers")}),
    ("nl-nl", "we hebben een kat die saartje heet", {("Saartje", "Is kat van de gebruiker")}),
    ("ca-es", "tinc una gata de nom lluna", {("Lluna", "És gata de l'usuari")}),
    ("es-es", "tenemos un perro de nombre chispa", {("Chispa", "Es perro del usuario")}),
    ("pt-pt", "temos um cão de nome farrusco", {("Farrusco", "É cão do utilizador")}),
    ("fr-fr", "on a un chat du nom de pistache", {("Pistache", "Est chat de l'utilisateur")}),
    # What a pet does is no name; a relative named after the pet is the relative; a pronoun names no one.
    ("de-de", "ich habe einen hund der bellt", set()),
    ("nl-nl", "ik heb een hond die blaft", set()),
    ("es-es", "tengo un perro, mi hermana se llama lidia", {("Lidia", "Es hermana del usuario")}),
    ("en-us", "we have a cat my son named him pumpkin", set()),
])
def test_a_pet_is_named_as_people_say_it(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # What is said after another's relative or pet ("my cousin's cat", "le chat de ma cousine") is not the one named before.
    ("en-us", "my son ezra is seven and my cousin's cat is two", {("Ezra", "Is the user's son"), ("Ezra", "Is 7 years old")}),
    ("pt-pt", "o meu filho rui tem sete anos e o gato da minha prima tem dois anos",
     {("Rui", "É filho do utilizador"), ("Rui", "Tem 7 anos")}),
])
def test_an_age_after_anothers_relative_is_not_the_one_named_before(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # The user's own pet stays theirs when a relative looks after it.
    ("es-es", "mi hermano cuida a nuestro perro toby", {("Toby", "Es perro del usuario")}),
    ("en-us", "my aunt walks our dog biscuit", {("Biscuit", "Is the user's dog")}),
])
def test_the_users_own_pet_is_theirs_beside_a_relative(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said", [
    # "I'm going", "I think" with no verb after them state no plan: small talk, an answer to a child.
    ("pt-pt", "já vou querida"), ("es-es", "pienso que va a llover"), ("es-es", "voy a la panadería"),
    ("fr-fr", "je vais très bien merci"), ("fr-fr", "je pense que non"), ("ca-es", "penso que no"),
    ("de-de", "ich werde langsam alt"),
    # A parent called mid-sentence is no pet's name.
    ("pt-pt", "o cão chama-se mãe espera"), ("en-us", "our cat is called daddy wait"),
])
def test_going_or_thinking_with_no_verb_after_is_no_plan(lang, said):
    assert heard(lang, said) == set()


@pytest.mark.parametrize("lang, said, expected", [
    # Two relatives named in a list after a count or "twins": one fact each, a plural age said of both.
    ("en-us", "our two girls are ruby and iris", {("Ruby", "Is the user's girl"), ("Iris", "Is the user's girl")}),
    ("en-us", "my twins are finn and ada they are four", {
        ("Finn", "Is the user's twin"), ("Ada", "Is the user's twin"), ("Finn", "Is 4 years old"),
        ("Ada", "Is 4 years old")}),
    ("es-es", "tengo dos hijos el mateo y la irene", {("Mateo", "Es hijo del usuario"), ("Irene", "Es hijo del usuario"),
                                                     (None, "Tiene 2 hijos")}),
    ("es-es", "mis mellizos son bruno y alba y tienen once años", {
        ("Bruno", "Es mellizo del usuario"), ("Alba", "Es mellizo del usuario")}),
    ("pt-pt", "as minhas gémeas a leonor e a matilde têm seis anos", {
        ("Leonor", "É gémea do utilizador"), ("Matilde", "É gémea do utilizador"), ("Leonor", "Tem 6 anos"),
        ("Matilde", "Tem 6 anos")}),
    ("de-de", "meine zwei töchter sind die hanna und die lotta", {
        ("Hanna", "Ist eines der Töchter des Nutzers"), ("Lotta", "Ist eines der Töchter des Nutzers")}),
    ("nl-nl", "onze twee zonen zijn sem en luuk", {
        ("Sem", "Is een van de zonen van de gebruiker"), ("Luuk", "Is een van de zonen van de gebruiker")}),
    ("it-it", "i miei gemelli sono pietro e anna", {
        ("Pietro", "Fa parte dei gemelli dell'utente"), ("Anna", "Fa parte dei gemelli dell'utente")}),
    # No count, or words that are no names: nothing.
    ("en-us", "my kids are a real handful", set()),
    ("en-us", "my two boys are tall and skinny", set()),
    ("es-es", "mis dos hijos son marcos y ya tienen siete años", set()),  # "ya" names no one
    ("es-es", "mis hijos son muy cariñosos", set()),
    ("fr-fr", "mes deux filles sont grandes et sages", set()),
    ("it-it", "i miei figli sono grandi ormai", set()),
    ("ca-es", "els meus bessons són petits i entremaliats", set()),
    # Words shaped as adjectives or participles are no names, whatever the word list knows.
    ("it-it", "i miei due figli sono stanchi e affamati", set()),
    ("fr-fr", "mes deux enfants sont fatigués et affamés", set()),
    ("de-de", "unsere zwei kinder sind fleißig und ehrlich", set()),
    ("es-es", "mis dos hijas son cariñosas y despistadas", set()),
])
def test_relatives_named_in_a_list(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A pill of a drug with its dose and no unit; a dose a few words after the verb.
    ("ca-es", "al matí em prenc una càpsula d'omeprazol de vint", {(None, "Pren omeprazol de 20")}),
    ("es-es", "cada mañana me tomo una pastilla de enalapril de cinco", {(None, "Toma enalapril de 5")}),
    ("pt-pt", "tomo ao pequeno almoço um comprimido de ramipril de dez", {(None, "Toma ramipril de 10")}),
    ("it-it", "prendo la sera una pillola di atorvastatina da venti", {(None, "Prende atorvastatina da 20")}),
    ("de-de", "ich nehme abends eine tablette metoprolol fünfzig", {(None, "Nimmt metoprolol 50")}),
    ("en-us", "i take after lunch forty milligrams of omeprazole", {(None, "Takes omeprazole 40 milligrams")}),
    # The word before "N mg of X" is no drug; a pill "from time to time" has no dose; a relative's is not the user's.
    ("es-es", "tomo antes de cenar diez miligramos de ramipril", {(None, "Toma ramipril 10 miligramos")}),
    ("es-es", "me tomo una pastilla de vez en cuando", set()),
    ("nl-nl", "ik slik metformine 500 milligram twee keer per dag", {(None, "Neemt metformine 500 milligram")}),
    ("ca-es", "la meva àvia pren una pastilla de sintrom de quatre", set()),
    ("it-it", "prendo per mia madre una pastiglia di coumadin da 5", set()),
    ("fr-fr", "je prends pour ma mère un comprimé de kardégic 75", set()),
    # A word after "N mg" that says why or when is no drug.
    ("de-de", "ich nehme ramipril fünf milligramm wegen dem blutdruck", {(None, "Nimmt ramipril 5 milligramm wegen dem blutdruck")}),
    ("nl-nl", "ik neem elke dag tien milligram tegen de pijn", set()),
    # What it is for, said after the dose, is kept with it; how long is not.
    ("en-us", "i take metformin 500 mg for my diabetes and i live in leeds", {
        (None, "Takes metformin 500 mg for diabetes"), (None, "Lives in Leeds")}),
    ("it-it", "prendo la cardioaspirina cento milligrammi per il cuore", {(None, "Prende cardioaspirina 100 milligrammi per il cuore")}),
    ("en-us", "i take ibuprofen 200 mg for a while now", {(None, "Takes ibuprofen 200 mg")}),
])
def test_medication_with_its_dose_after_the_drug(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A drug the user has to take ("tengo que tomar", "ich muss ... nehmen") is one they take; in German and Dutch
    # the verb closes the clause, before or after the dose.
    ("es-es", "tengo que tomar metformina de 500 mg cada mañana", {(None, "Toma metformina 500 mg")}),
    ("pt-pt", "tenho de tomar ramipril 5 mg ao jantar", {(None, "Toma ramipril 5 mg")}),
    ("it-it", "devo prendere la metformina da 500 mg ogni mattina", {(None, "Prende metformina 500 mg")}),
    ("fr-fr", "je dois prendre de la metformine 500 mg tous les matins", {(None, "Prend metformine 500 mg")}),
    ("ca-es", "cada matí m'he de prendre l'enalapril de deu mil·ligrams", {(None, "Pren enalapril 10 mil·ligrams")}),
    ("de-de", "ich muss jeden morgen 500 mg metformin nehmen", {(None, "Nimmt metformin 500 mg")}),
    ("nl-nl", "ik moet elke ochtend mijn levothyroxine nemen vijftig microgram", {(None, "Neemt levothyroxine 50 microgram")}),
    # The recogniser drops the hyphen of "receitou-me".
    ("pt-pt", "o médico receitou me levotiroxina cinquenta microgramas", {(None, "Toma levotiroxina 50 microgramas")}),
    # Having to do something else with a number is no medication.
    ("de-de", "ich muss meiner mutter 50 euro geben", set()),
    ("nl-nl", "ik moet morgen om tien uur naar de dokter", set()),
])
def test_a_drug_the_user_has_to_take(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # "chama-se" as the recogniser writes it, after a relative or pet; "chama se" before an article or a verb is a call.
    ("pt-pt", "o meu cão chama se bobi", {("Bobi", "É cão do utilizador")}),
    ("pt-pt", "o meu genro chama se bruno e é muito simpático", {("Bruno", "É genro do utilizador")}),
    ("pt-pt", "o meu irmão chama se o carro avariar", set()),
    ("pt-pt", "a minha filha chama se for preciso", set()),
])
def test_a_naming_verb_without_its_hyphen(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # The age a relative is about to turn is said as such ("Turns 12"; the framework stamps when it was said);
    # one they have just turned is their age.
    ("en-us", "my daughter emma turns twelve next month", {("Emma", "Is the user's daughter"), ("Emma", "Turns 12")}),
    ("es-es", "mi hija alba cumple doce años el mes que viene",
     {("Alba", "Es hija del usuario"), ("Alba", "Cumple 12 años")}),
    ("pt-pt", "o meu filho rui faz oito anos no sábado", {("Rui", "É filho do utilizador"), ("Rui", "Faz 8 anos")}),
    ("de-de", "meine tochter lena wird nächste woche acht",
     {("Lena", "Ist Tochter des Nutzers"), ("Lena", "Wird 8 Jahre alt")}),
    ("nl-nl", "mijn dochter noor wordt in mei acht", {("Noor", "Is dochter van de gebruiker"), ("Noor", "Wordt 8 jaar")}),
    ("fr-fr", "ma fille léa aura huit ans samedi", {("Léa", "Est fille de l'utilisateur"), ("Léa", "Va avoir 8 ans")}),
    ("it-it", "mia figlia giulia compirà otto anni sabato",
     {("Giulia", "È figlia dell'utente"), ("Giulia", "Compirà 8 anni")}),
    ("ca-es", "la meva filla laia farà vuit anys dissabte", {("Laia", "És filla de l'usuari"), ("Laia", "Farà 8 anys")}),
    # Just turned, said after what they did ("with eighteen just turned")
    ("es-es", "mi hijo pablo se saca el carné mañana, con dieciocho recién cumplidos",
     {("Pablo", "Es hijo del usuario"), ("Pablo", "Tiene 18 años")}),
    ("it-it", "mio figlio lorenzo ha preso la patente, a diciotto anni appena compiuti",
     {("Lorenzo", "È figlio dell'utente"), ("Lorenzo", "Ha 18 anni")}),
    # Turning, said of something else: years at a firm, late, the weather, years ago
    ("fr-fr", "mon fils aura 3 ans de retard", set()),
    ("nl-nl", "mijn zoon tim zegt het wordt morgen 25", {("Tim", "Is zoon van de gebruiker")}),
    ("de-de", "mein sohn sagt es wird morgen 25", set()),
    ("ca-es", "el meu pare fa deu anys que va morir", set()),
    ("en-us", "my son max has a car it turns ten next year", {("Max", "Is the user's son")}),
    ("en-us", "my daughter emma just turned twelve", {("Emma", "Is the user's daughter"), ("Emma", "Is 12 years old")}),
    ("es-es", "mi hija alba acaba de cumplir doce años", {("Alba", "Es hija del usuario"), ("Alba", "Tiene 12 años")}),
    ("es-es", "mi marido cumple diez años en la empresa", set()),
    ("de-de", "meine mutter ist im zimmer 12", set()),
    ("nl-nl", "mijn moeder is op kamer 12", set()),
    # Years since something are no age; a road turns no years.
    ("pt-pt", "a minha filha inês mudou-se faz dez anos", {("Inês", "É filha do utilizador")}),
    ("pt-pt", "a minha filha inês mudou-se faz dez anos em setembro", {("Inês", "É filha do utilizador")}),
    ("es-es", "el bar cumple diez años", set()),
    ("en-us", "the road turns 90 degrees here", set()),
    # A child named right after their rank; a relative or a word for a child after it is no name.
    ("en-us", "my youngest jesse turns two next week",
     {("Jesse", "Is the user's child, the youngest"), ("Jesse", "Turns 2")}),
    ("nl-nl", "onze jongste ehm jesse wordt volgende week twee jaar",
     {("Jesse", "Is een kind van de gebruiker, jongste"), ("Jesse", "Wordt 2 jaar")}),
    ("en-us", "my youngest son is five", {(None, "Son is 5 years old")}),
    ("en-us", "my youngest kid is sick", set()),
    ("nl-nl", "onze oudste meid is tien", set()),
    # After a rank, a word that is no given name is no child ("my youngest patient", "mijn oudste herinnering")
    ("en-us", "my oldest client is 88", set()),
    ("en-us", "my youngest threw up", set()),
    ("nl-nl", "mijn jongste leerling is vijf", set()),
])
def test_an_age_a_relative_turns_and_a_child_named_by_rank(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A filler after a name and before a small word: the speaker went on to something else, the name ended.
    ("ca-es", "hola soc la núria eh a quina hora tanca el mercadona avui", {(None, "Es diu Núria")}),
    ("de-de", "ich bin der stefan äh wann macht der laden zu", {(None, "Heißt Stefan")}),
    ("pt-pt", "sou o joão eh a que horas fecha o continente", {(None, "Chama-se João")}),
    ("ca-es", "hola soc la txell eh a quina hora tanca el mercadona avui", {(None, "Es diu Txell")}),  # no given name
    # A filler while searching for the word ends nothing.
    ("en-us", "im allergic to uh peanuts", {(None, "Is allergic to peanuts")}),
    ("en-us", "i take um metformin 500 mg", {(None, "Takes metformin 500 mg")}),
])
def test_a_filler_between_a_name_and_what_follows_ends_the_name(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # "I am" and a given name of the language's list: the user's name, said in passing.
    ("en-us", "hi im mike by the way", {(None, "Name is Mike")}),
    ("es-es", "bueno pues nada soy javier eh y acabo de llegar de la oficina", {(None, "Se llama Javier")}),
    ("pt-pt", "olá sou rita", {(None, "Chama-se Rita")}),
    ("fr-fr", "salut je suis camille et je suis infirmière", {(None, "S'appelle Camille"), (None, "Travaille comme infirmière")}),
    ("it-it", "ciao sono giulia e abito a roma", {(None, "Si chiama Giulia"), (None, "Vive a Roma")}),
    ("ca-es", "hola soc jordi", {(None, "Es diu Jordi")}),
    ("de-de", "hallo ich bin stefan", {(None, "Heißt Stefan")}),
    ("nl-nl", "hoi ik ben anouk", {(None, "Heet Anouk")}),
    # A word of another kind, a name that is also one, or someone else's name is not the user's.
    ("en-us", "hi im upstairs", set()),
    ("es-es", "hola soy feliz", set()),
    ("de-de", "ich bin frank", set()),
    ("it-it", "sono bianca", set()),
    ("en-us", "i'm sarah's mom", set()),
    ("de-de", "ich bin annas mutter", set()),
])
def test_a_given_name_after_i_am(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A home said with its street: the town is after it; the street is no town.
    ("en-us", "i live at 12 elm street in springfield", {(None, "Lives in Springfield")}),
    ("fr-fr", "j'habite rue des lilas à besançon", {(None, "Habite à Besançon")}),
    ("es-es", "vivimos en la avenida de la paz en zaragoza", {(None, "Vive en Zaragoza")}),
    ("pt-pt", "a gente mora na avenida da liberdade em lisboa", {(None, "Vive em Lisboa")}),
    ("it-it", "abito in via roma 12 a torino", {(None, "Vive a Torino")}),
    ("ca-es", "visc al carrer de balmes a barcelona", {(None, "Viu a Barcelona")}),
    ("de-de", "ich wohne in der hauptstraße 5 in freiburg", {(None, "Wohnt in Freiburg")}),
    ("nl-nl", "we wonen aan de prinsengracht in amsterdam", {(None, "Woont in Amsterdam")}),
    ("es-es", "vivo en la calle mayor", set()),
    ("en-us", "we live on the second floor in the building", set()),
])
def test_the_town_after_a_street(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Children listed after "are" with no naming verb: the list opens with a given name.
    ("en-us", "my kids are emma and jake", {("Emma", "Is the user's kid"), ("Jake", "Is the user's kid")}),
    ("es-es", "mis hijos son lucas y martina", {("Lucas", "Es hijo del usuario"), ("Martina", "Es hijo del usuario")}),
    ("de-de", "meine kinder sind lena und paul", {
        ("Lena", "Ist eines der Kinder des Nutzers"), ("Paul", "Ist eines der Kinder des Nutzers")}),
    ("nl-nl", "mijn kinderen zijn sanne en bram", {
        ("Sanne", "Is een van de kinderen van de gebruiker"), ("Bram", "Is een van de kinderen van de gebruiker")}),
    # What they do or are is no list of names, counted or not.
    ("es-es", "mis dos hijos estudian y trabajan", set()),
    ("en-us", "my two kids are studying and working", set()),
    ("fr-fr", "mes enfants sont grands et forts", set()),
    ("it-it", "i miei due figli sono stanchi e affamati", set()),
    # A naming verb names whatever follows.
    ("es-es", "tengo dos hijos que se llaman kenji y aiko", {
        ("Kenji", "Es hijo del usuario"), ("Aiko", "Es hijo del usuario"), (None, "Tiene 2 hijos")}),
])
def test_children_listed_by_name(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A child named by their rank ("my eldest", "meine Große") with a naming verb or an article before the name.
    ("en-us", "my youngest is called nora", {("Nora", "Is the user's child, the youngest")}),
    ("de-de", "unsere kleine ist die frieda und die ist drei", {
        ("Frieda", "Ist ein Kind des Nutzers, kleine"), ("Frieda", "Ist 3 Jahre alt")}),
    ("nl-nl", "onze oudste heet jesse", {("Jesse", "Is een kind van de gebruiker, oudste")}),
    ("es-es", "mi mayor se llama candela", {("Candela", "Es hijo o hija del usuario, mayor")}),
    ("fr-fr", "ma cadette s'appelle jeanne", {("Jeanne", "Est un enfant de l'utilisateur, cadette")}),
    # A rank that ranks ("the best"), a love that is no child, and a second child's age is not the first's.
    ("es-es", "mi pequeño es el primero de la clase", set()),
    ("de-de", "meine große liebe ist die musik", set()),
    ("de-de", "meine große ist die lina und der kleine ben ist vier", {("Lina", "Ist ein Kind des Nutzers, große")}),
    # "der älteste in der klasse", "die kleine tasche": a rank word alone names no relative, and no age is the user's
    ("de-de", "mein sohn max ist der älteste in der klasse er ist zehn", {("Max", "Ist Sohn des Nutzers")}),
    ("de-de", "mein mann tom hat die kleine tasche vergessen er ist vierzig", {("Tom", "Ist Mann des Nutzers")}),
    ("de-de", "meine tochter heißt lena und die kleine katze ist drei", {("Lena", "Ist Tochter des Nutzers")}),
])
def test_a_child_named_by_their_rank(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A workplace said in lower case, as a recogniser gives it; home, oneself, full time are no workplace.
    ("es-es", "pues trabajo en telefónica desde hace años", {(None, "Trabaja en Telefónica")}),
    ("it-it", "lavoro alla fiat", {(None, "Lavora presso Fiat")}),
    ("nl-nl", "ik werk bij albert heijn", {(None, "Werkt bij Albert Heijn")}),
    ("ca-es", "treballo a la caixa", {(None, "Treballa a Caixa")}),
    ("es-es", "trabajo en casa", set()),
    ("it-it", "lavoro da casa", set()),
    ("it-it", "lavoro a tempo pieno", set()),
    ("nl-nl", "ik werk voor mezelf", set()),
    ("fr-fr", "je travaille chez moi", set()),
    # "work" as a noun is no workplace said
    ("it-it", "ah basta col lavoro per oggi domani è festa", set()), ("es-es", "mi trabajo en la empresa es aburrido", set()),
])
def test_a_workplace_said_in_lower_case(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Two pets named in a list after their count: one fact each. Said with "are", the words may be what they are like.
    ("en-us", "i've got two cats luna and milo", {("Luna", "Is the user's cat"), ("Milo", "Is the user's cat")}),
    ("es-es", "tengo dos gatos que se llaman coco y nube", {("Coco", "Es gato del usuario"), ("Nube", "Es gato del usuario")}),
    ("de-de", "wir haben zwei katzen luna und milo", {
        ("Luna", "Ist eines der Katzen des Nutzers"), ("Milo", "Ist eines der Katzen des Nutzers")}),
    ("it-it", "abbiamo due cani rocky e birba", {
        ("Rocky", "Fa parte dei cani dell'utente"), ("Birba", "Fa parte dei cani dell'utente")}),
    ("en-us", "my two dogs are lazy and fat", set()),
    ("en-us", "i have two cats and a dog", set()),
])
def test_pets_named_in_a_list(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A relative's name before what they always say; "always" itself names no one.
    ("it-it", "mia moglie francesca dice sempre che cucino troppo salato", {("Francesca", "È moglie dell'utente")}),
    ("en-us", "my wife emma always says i cook too salty", {("Emma", "Is the user's wife")}),
    ("en-us", "my wife always says i'm lazy", set()),
    ("de-de", "meine frau sagt immer ich schnarche", set()),
])
def test_a_relatives_name_before_what_they_say(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # "sono io Matteo": the subject after its verb opens no clause; "sono io il responsabile" names no one.
    ("it-it", "ciao sono io matteo ehm senti che mi consigli per cena", {(None, "Si chiama Matteo")}),
    ("it-it", "sono io il responsabile", set()), ("it-it", "sono io che ho sbagliato", set()),
])
def test_a_name_said_after_its_verb_and_subject(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A relation the recogniser wrote without its hyphen.
    ("fr-fr", "mon petit fils il s'appelle timothée", {("Timothée", "Est petit fils de l'utilisateur")}),
    ("en-us", "my mother in law linda lives in ohio", {
        ("Linda", "Is the user's mother in law"), ("Linda", "Lives in Ohio")}),
])
def test_a_relation_said_without_its_hyphen(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said", [
    # "soc en forma", "sono il tipo che ...": a state or a kind of person, no name of the user's
    ("ca-es", "avui soc en forma"), ("ca-es", "soc en línia i tinc una reunió"), ("ca-es", "soc la sogra"),
    ("it-it", "sono il tipo che dimentica tutto"), ("it-it", "sono la sola che lavora"),
    ("it-it", "sono il ragazzo che ti ha chiamato"),
])
def test_a_state_or_a_kind_of_person_is_no_name(lang, said):
    assert heard(lang, said) == set()


@pytest.mark.parametrize("lang, said, expected", [
    # One name alone keeps whatever shape it has: "Kate" ends like "stanche", "Inés" like "fatigués".
    ("it-it", "mia moglie si chiama kate", {("Kate", "È moglie dell'utente")}),
    ("fr-fr", "ma fille s'appelle inés", {("Inés", "Est fille de l'utilisateur")}),
])
def test_a_single_name_of_any_shape_is_a_name(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # The recogniser drops the apostrophe: "my names jenna", "my husbands name is greg", "hes seven".
    ("en-us", "oh and uh my names jenna by the way", {(None, "Name is Jenna")}),
    ("en-us", "my husbands name is greg by the way", {("Greg", "Is the user's husband")}),
    ("en-us", "my sisters named kayla shes the funny one", {("Kayla", "Is the user's sister")}),
    ("en-us", "my son is called leo hes seven", {("Leo", "Is the user's son"), ("Leo", "Is 7 years old")}),
    ("en-us", "my names on the list", set()),
])
def test_a_name_said_without_the_apostrophe(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # The house number said after the home: kept beside it; a number in a queue is no house.
    ("pt-pt", "okay então eu moro em aveiro ali perto da ria no número quarenta e dois", {
        (None, "Vive em Aveiro"), (None, "O número da casa é 42")}),
    ("nl-nl", "wij wonen in amersfoort op nummer achtendertig vlak bij het station", {
        (None, "Woont in Amersfoort"), (None, "Huisnummer is 38")}),
    ("en-us", "we live on elm street at number 14", {(None, "House number is 14")}),
    ("en-us", "i'm at number 3 in the queue", set()),
    # A time of day is no drug: the drug is the word before it.
    ("pt-pt", "eu tomo levotiroxina todas as manhãs cinquenta microgramas em jejum", {(None, "Toma levotiroxina 50 microgramas")}),
])
def test_a_house_number_after_the_home(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # "N mg" then a preposition naming who prescribed it or when: the drug said before is the drug.
    ("de-de", "ich nehme ramipril 5 mg von meinem hausarzt", {(None, "Nimmt ramipril 5 mg")}),
    ("nl-nl", "ik neem metoprolol 50 mg van de huisarts", {(None, "Neemt metoprolol 50 mg")}),
    ("es-es", "tomo sintrom 4 mg de lunes a viernes", {(None, "Toma sintrom 4 mg")}),
    ("it-it", "prendo eutirox 50 mg di mattina", {(None, "Prende eutirox 50 mg")}),
    ("en-us", "i take ibuprofen 400 mg of course", {(None, "Takes ibuprofen 400 mg")}),
    ("es-es", "tomo 10 mg de omeprazol", {(None, "Toma omeprazol 10 mg")}),
])
def test_a_dose_then_who_or_when_keeps_the_drug_said_before(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A relative's name before when they come or go today; "today" itself names no one.
    ("es-es", "pues mi mujer montse hoy llega tardísimo del curro", {("Montse", "Es mujer del usuario")}),
    ("ca-es", "la meva dona la gemma avui plega tard de la feina", {("Gemma", "És dona de l'usuari")}),
    ("en-us", "my wife today is tired", set()), ("es-es", "mi mujer hoy llega tarde", set()),
])
def test_a_relatives_name_before_today(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Not a purpose, a workplace, a house number or a name (round 11's review).
    ("en-us", "i take metformin 500 mg thanks for asking", {(None, "Takes metformin 500 mg")}),
    ("en-us", "i take aspirin 81 mg and zinc for my cold", {(None, "Takes aspirin 81 mg")}),
    ("en-us", "i live with my sister who lives at number 12", set()),
    ("es-es", "trabajo en verano de socorrista", set()), ("it-it", "lavoro a maglia la sera", set()),
    ("en-us", "my dad almost always says that", set()),
])
def test_what_only_looks_like_a_purpose_a_workplace_a_number_or_a_name(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # How to answer said after a when-clause about answering: the clause frames it, asks nothing.
    ("en-us", "um whenever you talk to me make it brief ok", {(None, "Wants brief answers")}),
    ("fr-fr", "quand je te demande un truc sois bref", {(None, "Préfère les réponses courtes")}),
    ("es-es", "mira cuando te pregunte algo contéstame corto", {(None, "Prefiere respuestas cortas")}),
    ("it-it", "quando ti faccio una domanda sii breve", {(None, "Preferisce risposte brevi")}),
    ("pt-pt", "quando me falares sê direto", {(None, "Prefere respostas breves e diretas")}),
    ("ca-es", "quan et pregunto coses fes ho breu", {(None, "Prefereix respostes curtes")}),
    ("es-es", "cuando me expliques algo házmelo breve", {(None, "Prefiere respuestas cortas")}),
    # The when-clause alone asks or states nothing.
    ("fr-fr", "quand tu me réponds", set()), ("en-us", "when you answer me", set()),
])
def test_how_to_answer_said_after_when_you_answer(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A room takes its article; without one the word is a town.
    ("ca-es", "ara visc a terrassa amb el meu germà", {(None, "Viu a Terrassa")}),
    ("ca-es", "ens vam mudar a la terrassa per sopar", set()),
    ("es-es", "nos mudamos al salón para cenar", set()),
    # A negation opening the turn with no verb, then a pause or "que", is an answer of its own.
    ("es-es", "bueno ya no eh que nos mudamos a cuenca en mayo", {(None, "Vive en Cuenca")}),
    ("ca-es", "ja no eh ens vam mudar a vic", {(None, "Viu a Vic")}),
    ("es-es", "ya no vivo en cuenca", set()),
    # A preposition after a relation names no one: "mi novio desde hace dos años".
    ("es-es", "vivo con mi novio desde hace dos años", set()),
    ("pt-pt", "moro com o meu namorado desde o verão", set()),
])
def test_a_town_a_negation_said_alone_and_a_preposition_after_a_relation(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Children or siblings named with a plural naming verb, no count said.
    ("en-us", "so our boys are called finn and oscar", {("Finn", "Is the user's boy"), ("Oscar", "Is the user's boy")}),
    ("de-de", "unsere töchter heißen mia und lea", {("Mia", "Ist eines der Töchter des Nutzers"),
                                                    ("Lea", "Ist eines der Töchter des Nutzers")}),
    ("nl-nl", "mijn zussen heten eva en noor", {("Eva", "Is een van de zussen van de gebruiker"),
                                                ("Noor", "Is een van de zussen van de gebruiker")}),
    ("es-es", "pues mis nietos se llaman hugo y leo", {("Hugo", "Es nieto del usuario"), ("Leo", "Es nieto del usuario")}),
    ("it-it", "le mie sorelle si chiamano sara e giada", {("Sara", "Fa parte dei sorelle dell'utente"),
                                                          ("Giada", "Fa parte dei sorelle dell'utente")}),
    # Not a list of things, nor without the naming verb.
    ("en-us", "my kids are called lazy and messy by their gran", set()),
    ("de-de", "meine kinder heißen jetzt alle anders", set()),
])
def test_children_named_together_with_a_plural_naming_verb(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # The apostrophe or the hyphen a recogniser drops: "j habite", "s appelle", "chama se".
    ("fr-fr", "bah j habite à quimper", {(None, "Habite à Quimper")}),
    ("fr-fr", "ma voisine s appelle odile", {("Odile", "Est voisine de l'utilisateur")}),
    ("it-it", "c è mia zia rosa che abita a bari", {("Rosa", "È zia dell'utente"), ("Rosa", "Vive a Bari")}),
    # Children's partners, godparents: relations too.
    ("fr-fr", "mon gendre s appelle karim", {("Karim", "Est gendre de l'utilisateur")}),
    ("es-es", "mi yerno se llama íker", {("Íker", "Es yerno del usuario")}),
    ("de-de", "meine schwiegertochter heißt jana", {("Jana", "Ist Schwiegertochter des Nutzers")}),
])
def test_words_a_recogniser_splits_and_in_laws(lang, said, expected):
    assert heard(lang, said) == expected


def test_catalan_i_am_written_without_its_old_accent():
    assert heard("ca-es", "soc infermera a l'hospital de móra d'ebre") == {(None, "Treballa com a infermera")}


@pytest.mark.parametrize("lang, said, expected", [
    # A pet or a relative named, then what they do: the verb ends the name.
    ("nl-nl", "haha onze hond bolle slaapt de hele dag", {("Bolle", "Is hond van de gebruiker")}),
    ("en-us", "our cat mochi hides under the bed", {("Mochi", "Is the user's cat")}),
    ("fr-fr", "notre chienne praline aboie sur le facteur", {("Praline", "Est chienne de l'utilisateur")}),
    ("it-it", "il nostro cane birillo abbaia sempre", {("Birillo", "È cane dell'utente")}),
    # A verb right after the relation is no name.
    ("de-de", "mein kater schläft immer auf dem schrank", set()), ("nl-nl", "mijn kat ligt altijd op de bank", set()),
])
def test_what_a_named_pet_does_ends_its_name_and_is_none(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Where the household lives, as people say it: "a gente", the verb before its subject, a time between.
    ("pt-pt", "olha a gente mora em setúbal há anos", {(None, "Vive em Setúbal")}),
    ("nl-nl", "sinds de zomer wonen we in zwolle", {(None, "Woont in Zwolle")}),
    ("nl-nl", "we wonen nu al drie jaar in delft", {(None, "Woont in Delft")}),
    ("de-de", "seit dem frühjahr wohnen wir in jena", {(None, "Wohnt in Jena")}),
    ("fr-fr", "on a déménagé en juin on est à nantes maintenant", {(None, "Habite à Nantes")}),
    ("pt-pt", "a minha irmã vive em faro", {(None, "Irmã vive em Faro")}),
    # How to answer, said as people do; a name before what someone did.
    ("nl-nl", "voortaan gewoon kort antwoorden graag", {(None, "Wil korte antwoorden")}),
    ("ca-es", "contesta'm curtet si us plau", {(None, "Prefereix respostes curtes")}),
    ("pt-pt", "o meu filho o tiago entrou na tropa", {("Tiago", "É filho do utilizador")}),
    ("nl-nl", "mijn baas wil kort antwoorden", set()),
])
def test_homes_answers_and_names_as_the_household_says_them(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A word of time after a preposition is no place; a move said with "fomos morar".
    ("pt-pt", "fomos morar para viseu na semana passada", {(None, "Vive em Viseu")}),
    ("pt-pt", "já não moro em braga fomos morar pra guarda", {(None, "Vive em Guarda")}),
    ("fr-fr", "j habite en semaine chez ma sœur", set()),
    ("en-us", "we live in spring valley", {(None, "Lives in Spring Valley")}),
    # The Dutch telephone way of saying who speaks.
])
def test_time_is_no_place(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Being crazy about something is liking it; "especially" ends what is liked.
    ("nl-nl", "ik ben echt gek op stroopwafels vooral warme", {(None, "Houdt van stroopwafels")}),
    ("de-de", "ich bin total verrückt nach lakritz", {(None, "Mag lakritz")}),
    ("fr-fr", "j adore le fromage surtout le comté", {(None, "Aime le fromage")}),
    ("nl-nl", "ik ben gek op je", set()),
])
def test_being_crazy_about_something_is_liking_it(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # English as people say it: a relative one has, named; a town called X; a new job at X; what everyone calls them.
    ("en-us", "i've got an older sister called fiona", {("Fiona", "Is the user's sister")}),
    ("en-us", "we live in a tiny village called ashby", {(None, "Lives in Ashby")}),
    ("en-us", "i just landed a job at costco", {(None, "Works at Costco")}),
    ("en-us", "i got a job at the weekend", set()), ("en-us", "we live in a town called nowhere special", set()),
    ("en-us", "i teach second grade at lincoln elementary", {(None, "Teaches second grade")}),
    ("en-us", "i teach them a lesson every time", set()),
])
def test_english_relatives_towns_jobs_and_nicknames_as_said(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Round 12's review: a subject before the negation keeps it ("io non sono"); an adverb is no name;
    # a room after any determiner is no home; "a job with benefits" names no employer.
    ("it-it", "io non sono allergica ai gatti", set()), ("it-it", "io non mi chiamo marco", set()),
    ("en-us", "my husband already left for work", set()), ("es-es", "mi perro apenas come", set()),
    ("es-es", "me he mudado a otra habitación", set()), ("pt-pt", "mudei-me para outro quarto", set()),
    ("en-us", "i just got a job with benefits", set()), ("en-us", "i got a job at last", set()),
])
def test_what_round_12s_review_found_is_no_fact(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Where the user was born or grew up is where they are from; a month or a time of day is no place.
    ("en-us", "i was raised in denver", {(None, "Is from Denver")}),
    ("es-es", "nací en cádiz pero vivo en madrid", {(None, "Es de Cádiz"), (None, "Vive en Madrid")}),
    ("fr-fr", "je suis née à rennes", {(None, "Vient de Rennes")}),
    ("de-de", "ich bin in leipzig groß geworden", {(None, "Kommt aus Leipzig")}),
    ("nl-nl", "ik ben in zwolle geboren", {(None, "Komt uit Zwolle")}),
    ("pt-pt", "nasci no porto", {(None, "É de Porto")}),
    ("ca-es", "vaig néixer a reus", {(None, "És de Reus")}),
    ("it-it", "sono nata e cresciuta a bologna", {(None, "È di Bologna")}),
    ("es-es", "nací en agosto", set()),
    ("pt-pt", "nasci em março", set()),
    ("de-de", "ich bin in der nacht geboren", set()),
])
def test_where_the_user_was_born_or_grew_up(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Where the user comes from, as people say it: "originally", "natural de", "originaire de"
    ("en-us", "i come from glasgow", {(None, "Is from Glasgow")}),
    ("en-us", "i'm from tucson originally", {(None, "Is from Tucson")}),
    ("nl-nl", "ik kom eigenlijk oorspronkelijk uit deventer", {(None, "Komt uit Deventer")}),
    ("pt-pt", "eu sou natural de braga", {(None, "É de Braga")}),
    ("es-es", "soy originaria de cuenca", {(None, "Es de Cuenca")}),
    ("fr-fr", "je suis originaire de nancy", {(None, "Vient de Nancy")}),
    ("ca-es", "sóc originària de mataró", {(None, "És de Mataró")}),
    ("pt-pt", "sou natural do funchal", {(None, "É de Funchal")}),
    ("ca-es", "sóc natural de manresa", {(None, "És de Manresa")}),
    # where one has just been, a family, a habit: no origin
    ("en-us", "i came from work", set()),
    ("en-us", "i came from church", set()),
    ("en-us", "i come from money", set()),
    ("pt-pt", "sou natural demais", set()),
    ("es-es", "soy natural de verdad", set()),
    ("en-us", "i come from a big family", set()),
    ("it-it", "vengo da lavoro", set()),
    ("ca-es", "vinc de comprar", set()),
    ("de-de", "ich bin aus versehen eingeschlafen", set()),
])
def test_where_the_user_comes_from(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Everyday jobs, in both genders, are jobs: kept as the relative's work, never taken for their name
    ("pt-pt", "a minha mulher é veterinária", {(None, "Mulher trabalha como veterinária")}),
    ("nl-nl", "mijn vrouw is dierenarts", {(None, "Vrouw werkt als dierenarts")}),
    ("fr-fr", "ma femme est sage-femme", {(None, "Femme travaille comme sage-femme")}),
    ("es-es", "mi mujer es veterinaria", {(None, "Mujer trabaja como veterinaria")}),
    ("it-it", "mia moglie è veterinaria", {(None, "Moglie lavora come veterinaria")}),
    ("ca-es", "la meva dona és veterinària", {(None, "Dona treballa com a veterinària")}),
    ("en-us", "my husband is a locksmith", {(None, "Husband works as a locksmith")}),
    ("de-de", "ich bin lokführer bei der bahn", {(None, "Arbeitet als Lokführer")}),
])
def test_an_everyday_job_is_a_job(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # German: a name said before its verb at a clause's end; children named with the accusative article.
    ("de-de", "dass mein bruder tobias heißt", {("Tobias", "Ist Bruder des Nutzers")}),
    ("de-de", "ich glaub dass mein bruder wummel heißt", {("Wummel", "Ist Bruder des Nutzers")}),  # no given name
    ("de-de", "ich weiß nicht wie meine nachbarin heißt", set()),
    ("de-de", "dass meine tochter schwester heißt", set()),  # a relation's word is no name
    ("de-de", "wir haben zwei söhne den jonte und den finn",
     {("Jonte", "Ist eines der Söhne des Nutzers"), ("Finn", "Ist eines der Söhne des Nutzers"), (None, "Hat 2 söhne")}),
    ("de-de", "wir haben zwei jungs die spielen und die streiten", set()),
    # A dislike said with "can't stand", the thing first or last; a diet said as how one feeds oneself.
    ("de-de", "ich kann koriander echt nicht leiden", {(None, "Mag koriander nicht")}),
    ("de-de", "koriander kann ich überhaupt nicht ab", {(None, "Mag koriander nicht")}),
    ("de-de", "ich kann das nicht ausstehen", set()),
    ("de-de", "ich ernähre mich seit jahren glutenfrei", {(None, "Isst glutenfrei")}),
    ("de-de", "ich ernähre mich nicht vegan", set()),
    ("de-de", "ich mag so gern schokolade", {(None, "Mag schokolade")}),
])
def test_german_word_order_as_spoken(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A word of contrast after a relative's name still names them; a place ends at the next verb.
    ("it-it", "mio zio franco invece abita a bari", {("Franco", "È zio dell'utente"), ("Franco", "Vive a Bari")}),
    ("es-es", "mi hermana lucía en cambio vive en vigo",
     {("Lucía", "Es hermana del usuario"), ("Lucía", "Vive en Vigo")}),
    ("it-it", "mia cugina abita a pisa insegna matematica", {(None, "Cugina vive a Pisa")}),
    ("en-us", "my brother lives in boise teaches history", {(None, "Brother lives in Boise")}),
    # A negation belongs to the fact it opens, not to the next one said in the same breath.
    ("en-us", "i never drink coffee i'm allergic to nuts", {(None, "Is allergic to nuts")}),
    ("it-it", "non mangio pesce sono celiaca", {(None, "Non mangia pesce"), (None, "È celiaca")}),
    # a food stopped and then eaten again, or a time, is no diet
    ("en-us", "i stopped eating sugar for a month but now i eat it again", set()),
    ("en-us", "i stopped eating at 9", set()),
    ("it-it", "ho smesso di mangiare carne ma ora la mangio di nuovo", set()),
    ("en-us", "i grew up in foster care", set()),
    ("en-us", "i don't think my sister anna lives in rome", set()),
    # How to answer, said after "when I ask you things".
    ("it-it", "quando ti chiedo le cose rispondimi corto", {(None, "Preferisce risposte brevi")}),
])
def test_contrast_words_next_verbs_and_negations_in_one_breath(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A recogniser (or a keyboard) that writes no accents: the rules still hear the fact, as written.
    ("es-es", "me crie en toledo", {(None, "Es de Toledo")}),
    ("es-es", "soy diabetica", {(None, "Es diabetica")}),
    ("pt-pt", "a minha irma chama-se ana", {("Ana", "É irma do utilizador")}),
    ("ca-es", "soc celiaca", {(None, "És celiaca")}),
    # a short word keeps its accent: "e" is "and", not "è"
    ("it-it", "mio zio e vegano", set()),
    ("it-it", "ho due figli giulia e matteo e un cane", {("Giulia", "Fa parte dei figli dell'utente"),
                                                        ("Matteo", "Fa parte dei figli dell'utente"), (None, "Ha 2 figli")}),
    # A capital a rule asks for is still a capital: "casa" is no company
    ("it-it", "lavoro da casa", set()),
])
def test_words_written_without_accents(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Lessons or classes the user takes; not ones they give.
    ("en-us", "i take piano lessons on tuesdays", {(None, "Takes piano lessons")}),
    ("es-es", "voy a clases de salsa los jueves", {(None, "Va a clases de salsa")}),
    ("es-es", "doy clases de inglés en un instituto", set()),
    ("pt-pt", "ando em aulas de cerâmica às quartas", {(None, "Tem aulas de cerâmica")}),
    ("it-it", "prendo lezioni di canto il lunedì", {(None, "Fa lezioni di canto")}),
    ("it-it", "faccio lezioni di chitarra ai ragazzi", set()),
    ("en-us", "i started giving guitar lessons", set()),
    ("en-us", "i take 3 lessons a week", set()),
    ("de-de", "ich nehme seit kurzem gitarrenunterricht", {(None, "Hat gitarrenunterricht")}),
    ("nl-nl", "ik neem pianoles op woensdag", {(None, "Heeft pianoles")}),
    # A relative with a given name in apposition ("an older sister, Mary"); no name, no one named.
    ("en-us", "i have an older sister mary who lives in ohio",
     {("Mary", "Is the user's sister"), ("Mary", "Lives in Ohio")}),
    ("pt-pt", "tenho um irmão o pedro", {("Pedro", "É irmão do utilizador")}),
    ("ca-es", "tinc un germà en jordi", {("Jordi", "És germà de l'usuari")}),
    ("de-de", "ich hab einen älteren bruder den thomas", {("Thomas", "Ist Bruder des Nutzers")}),
    ("it-it", "ho una sorella maggiore giulia", {("Giulia", "È sorella dell'utente")}),
    ("es-es", "tengo un hermano muy alto", set()),
    ("pt-pt", "tenho uma irmã lindíssima", set()),
    ("pt-pt", "tenho um irmão altíssimo", set()),
    ("de-de", "ich habe eine schwester die arbeitet", set()),
    # A food the user stopped eating; a diet said as a state ("tou vegetariano").
    ("en-us", "i stopped eating meat last year", {(None, "Doesn't eat meat")}),
    ("en-us", "i stopped eating so late", set()),
    ("fr-fr", "j'ai arrêté de manger de la viande", {(None, "Ne mange pas de viande")}),
    ("de-de", "ich esse seit einem jahr kein fleisch mehr", {(None, "Isst kein fleisch")}),
    ("pt-pt", "tou vegana desde o verão", {(None, "É vegana")}),
    # The user's name with its pronoun written apart
    ("pt-pt", "eu chamo me inês já agora", {(None, "Chama-se Inês")}),
])
def test_lessons_relatives_in_apposition_and_what_one_stopped_eating(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A move from one town to another: the home is the second.
    ("es-es", "nos mudamos de soria a burgos el año pasado", {(None, "Vive en Burgos"), (None, "Se mudó desde Soria")}),
    # English "moved from ... to ..." may be a job or a phone; a move back names the first town again
    ("en-us", "i moved from sales to marketing", {(None, "Moved from Sales")}),
    ("es-es", "nos mudamos de lugo a vigo y luego volvimos a lugo", {(None, "Se mudó desde Lugo")}),
    ("de-de", "wir sind von köln nach bonn gezogen", {(None, "Wohnt in Bonn")}),
    ("nl-nl", "we zijn van utrecht naar breda verhuisd", {(None, "Woont in Breda")}),
    ("it-it", "ci siamo trasferiti da roma a milano", {(None, "Vive a Milano"), (None, "Si è trasferito da Roma")}),
    ("en-us", "i moved from my parents place to an apartment", set()),
    # Dutch: a home inside a building in a town; time words and "samen" before it; "ik werk bij een ...bedrijf"
    ("nl-nl", "ik woon in een flat in utrecht", {(None, "Woont in Utrecht")}),
    ("nl-nl", "we wonen sinds vorig jaar samen in zwolle", {(None, "Woont in Zwolle")}),
    ("nl-nl", "ik werk bij een schildersbedrijf in ede", {(None, "Werkt bij een schildersbedrijf")}),
    ("nl-nl", "ik ben al jaren veganist", {(None, "Is veganist")}),
    ("nl-nl", "ik ben echt niet vegetariër", set()),
    ("nl-nl", "ik hou echt niet van andijvie", {(None, "Houdt niet van andijvie")}),
    ("nl-nl", "we hebben een hond die heet bobbie en een cavia dat heet pluis",
     {("Bobbie", "Is hond van de gebruiker"), ("Pluis", "Is cavia van de gebruiker")}),
    # "By the way" inside a clause is set aside
    ("nl-nl", "ik werk trouwens als kapper", {(None, "Werkt als kapper")}),
    ("nl-nl", "ik ben trouwens kapper", {(None, "Werkt als kapper")}),
    ("de-de", "ich arbeite übrigens als friseurin", {(None, "Arbeitet als Friseurin")}),
    # A dislike ends where a new clause opens with its pronoun ("... me sabe a jabón")
    ("es-es", "no soporto el apio me da asco", {(None, "Detesta apio")}),
    ("pt-pt", "sê curtinha nas respostas", {(None, "Prefere respostas breves e diretas")}),
])
def test_moves_dutch_homes_and_clauses_said_in_one_breath(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said", [
    # What others think or say of the user, a list of names, whose parent the user is, a question, a perfect tense
    ("en-us", "my boss always thinks i'm rachel"),
    ("en-us", "people think i am olivia"),
    ("en-us", "i'm noah and emma's dad"),
    ("en-us", "is it true i'm daniel"),
    ("en-us", "i am rose-tinted today"),
    ("es-es", "todo el mundo piensa que soy lucía"),
    ("es-es", "en la obra del cole soy maría"),
    ("pt-pt", "o meu pai diz que sou a inês"),
    ("fr-fr", "ma sœur croit que je suis chloé"),
    ("it-it", "sono marta e paolo i miei cugini"),
    ("de-de", "mein chef denkt ich bin julia"),
    ("de-de", "ich bin jonas und mia ihr vater"),
    ("de-de", "ich bin anna heute begegnet"),
    ("nl-nl", "ik ben daan z'n moeder"),
    ("nl-nl", "ik ben lotte gisteren tegengekomen"),
    ("ca-es", "la meva mare diu que soc marta"),
])
def test_a_name_in_passing_is_no_name_when_it_is_someone_elses_word_or_child(lang, said):
    assert not [text for about, text in heard(lang, said) if about is None]


@pytest.mark.parametrize("lang, said, name", [
    ("en-us", "hey there i'm olivia and i live in denver", "Name is Olivia"),
    ("it-it", "ciao sono marta e abito a bologna", "Si chiama Marta"),
    ("nl-nl", "hoi ik ben daan", "Heet Daan"),
    ("de-de", "hallo ich bin jonas", "Heißt Jonas"),
])
def test_a_name_in_passing_is_still_heard(lang, said, name):
    assert (None, name) in heard(lang, said)


@pytest.mark.parametrize("lang, said", [
    # A drug the user no longer has to take, might have to, gives or fetches for someone, or a recipe's grams
    ("de-de", "ich muss kein ibuprofen 400 mg mehr nehmen"),
    ("nl-nl", "ik moet geen omeprazol 20 mg meer nemen"),
    ("de-de", "ich muss meinem vater sein ramipril 5 mg geben"),
    ("de-de", "ich muss noch paracetamol 500 mg kaufen"),
    ("nl-nl", "ik moet vragen of paracetamol 500 mg mag"),
    ("en-us", "i take my dad his insulin every morning 10 units"),
    ("it-it", "devo prendere la tachipirina 1000 mg per mia figlia"),
    ("fr-fr", "je dois prendre du doliprane 1000 mg à la pharmacie pour ma mère"),
    ("es-es", "si tengo que tomar paracetamol 1000 mg te aviso"),
    ("it-it", "forse devo prendere il cortisone 25 mg"),
    ("fr-fr", "je dois prendre 250 grammes de sucre"),
    ("it-it", "devo prendere 300 grammi di burro per la torta"),
])
def test_a_drug_that_is_not_the_users_to_take_is_none(lang, said):
    assert not [text for _, text in heard(lang, said)]


@pytest.mark.parametrize("lang, said, expected", [
    ("de-de", "ich muss ramipril 5 mg nehmen", {(None, "Nimmt ramipril 5 mg")}),
    ("nl-nl", "ik moet elke dag omeprazol 20 mg innemen", {(None, "Neemt omeprazol 20 mg")}),
    ("en-us", "i take metformin 500 mg for my diabetes", {(None, "Takes metformin 500 mg for diabetes")}),
    ("en-us", "my doctor put me on lisinopril 10 mg", {(None, "Takes lisinopril 10 mg")}),
])
def test_a_drug_the_user_has_to_take_is_heard_once(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said", [
    # After a street: a season, a floor, a position, renting or sharing is no town
    ("en-us", "we live on maple avenue in summer"),
    ("en-us", "i live on king street in walking distance of the station"),
    ("es-es", "vivo en la calle ancha en alquiler"),
    ("pt-pt", "moro na rua nova no segundo andar"),
    ("it-it", "abito in via garibaldi a piano terra"),
    ("fr-fr", "j'habite rue pasteur à côté de la poste"),
    ("ca-es", "visc al carrer gran de lloguer"),
    ("ca-es", "visc al carrer de sant pere de ribes"),
    ("de-de", "ich wohne in der lindenstraße 4 in untermiete"),
    ("it-it", "abito in via cavour"),
    ("nl-nl", "ik woon aan de hoofdstraat in het centrum"),
])
def test_what_follows_a_street_and_is_no_town(lang, said):
    assert not [text for _, text in heard(lang, said)]


@pytest.mark.parametrize("lang, said, expected", [
    # French elisions fused by a recogniser; more pets and dog breeds
    ("fr-fr", "bon moi cest mathilde", {(None, "S'appelle Mathilde")}),
    ("fr-fr", "jai un furet il sappelle noisette", {("Noisette", "Est furet de l'utilisateur")}),
    ("en-us", "we have a beagle named waffles", {("Waffles", "Is the user's beagle")}),
    ("nl-nl", "we hebben een cavia die heet pluis", {("Pluis", "Is cavia van de gebruiker")}),
])
def test_fused_french_elisions_and_more_pets(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # "'s" for "is" before the naming word, as people say it
    ("en-us", "our parrot's named captain and he talks all day", {("Captain", "Is the user's parrot")}),
    ("en-us", "my sister's called anna", {("Anna", "Is the user's sister")}),
    ("en-us", "my sister's called me twice today", set()),
    ("en-us", "my boss's called a meeting for monday", set()),
])
def test_a_relative_or_pet_whose_name_follows_s_called_or_s_named(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A job the user was hired for, started or works as, with words between
    ("en-us", "so i got hired as a paramedic last week", {(None, "Works as a paramedic")}),
    ("nl-nl", "ik ben vorige maand aangenomen als kok in een restaurant", {(None, "Werkt als kok")}),
    ("de-de", "ich wurde letzte woche als kellner eingestellt", {(None, "Arbeitet als Kellner")}),
    ("es-es", "me han contratado como camarera en un bar", {(None, "Trabaja como camarera")}),
    ("es-es", "curro de fontanero por mi cuenta", {(None, "Trabaja como fontanero")}),
    ("it-it", "mi hanno assunto come cuoco in una trattoria", {(None, "Lavora come cuoco")}),
    ("fr-fr", "on m'a embauchée comme serveuse dans un café", {(None, "Travaille comme serveuse")}),
    ("pt-pt", "fui contratado como cozinheiro num restaurante", {(None, "Trabalha como cozinheiro")}),
    ("ca-es", "m'han contractat de cambrera en un bar", {(None, "Treballa com a cambrera")}),
    # an adverb in -mente after the job ends it
    ("it-it", "comincio come infermiera finalmente", {(None, "Lavora come infermiera")}),
    # not a job: a comparison, a costume, a past, a negation
    ("nl-nl", "ik ben net zo moe als een verpleegkundige", set()),
    ("de-de", "ich bin besser bezahlt als ein krankenpfleger", set()),
    ("nl-nl", "ik ben beter betaald als een verpleegkundige", set()),
    ("en-us", "i dressed up as a nurse for halloween", set()),
    ("en-us", "i was working as a nurse back then", set()),
    ("nl-nl", "ik ben niet aangenomen als verpleegkundige", set()),
    ("de-de", "ich habe früher als elektriker gearbeitet", set()),
    ("nl-nl", "ik word boos als een kapper te laat is", set()),  # "als": when
    ("nl-nl", "ik ben vorig jaar gestopt als kok", set()),
    ("nl-nl", "ik werk liever als kok", set()),  # a wish
    ("es-es", "trabajo tanto como un médico", set()),  # a comparison
    ("fr-fr", "je travaille plus comme serveur", set()),
    ("en-us", "i started out as a waiter", set()),
    ("de-de", "ich habe meinen bruder als anwalt", set()),
])
def test_a_job_the_user_was_hired_for_or_works_as_is_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Someone or a pet presented by name, then who they are to the user
    ("en-us", "oh that's pickles our cat he wants food", {("Pickles", "Is the user's cat")}),
    ("nl-nl", "dat is bolletje onze hond die wil naar buiten", {("Bolletje", "Is hond van de gebruiker")}),
    ("de-de", "das ist die susi unsere katze", {("Susi", "Ist Katze des Nutzers")}),
    ("fr-fr", "c'est caramel notre lapin", {("Caramel", "Est lapin de l'utilisateur")}),
    ("es-es", "este es canelo mi perro", {("Canelo", "Es perro del usuario")}),
    ("it-it", "questa è chiara mia cugina", {("Chiara", "È cugina dell'utente")}),
    ("pt-pt", "este é o faísca o nosso gato", {("Faísca", "É gato do utilizador")}),
    ("ca-es", "aquesta és la mia la meva germana", {("Mia", "És germana de l'usuari")}),
    # a pet named with "di nome", "anomenat"
    ("it-it", "abbiamo un gatto di nome briciola", {("Briciola", "È gatto dell'utente")}),
    ("ca-es", "tenim un gat anomenat mixet", {("Mixet", "És gat de l'usuari")}),
    # no name: an adjective, a weekday
    ("nl-nl", "dat is lekker mijn hond heeft honger", set()),
    ("fr-fr", "c'est vrai mon chien est malade", set()),
    ("en-us", "it's sunday my dog needs a walk", set()),
    ("de-de", "das ist schön mein hund schläft", set()),
    ("de-de", "das ist vielleicht unser hund", set()),  # an adverb
    ("es-es", "ahí está durmiendo mi perro", set()),
    ("en-us", "here's hoping my son gets the job", set()),
])
def test_someone_presented_by_name_then_who_they_are_is_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A relative said with the family's diminutive
    ("it-it", "la mia sorellina giulia fa la maestra", {("Giulia", "È sorellina dell'utente"),
                                                          ("Giulia", "Lavora come maestra")}),
    ("es-es", "mi abuelita carmen vive en cádiz", {("Carmen", "Es abuelita del usuario"), ("Carmen", "Vive en Cádiz")}),
    ("pt-pt", "a minha filhinha chama-se matilde", {("Matilde", "É filhinha do utilizador")}),
    ("nl-nl", "mijn broertje heet daan", {("Daan", "Is broertje van de gebruiker")}),
])
def test_a_relative_said_with_a_diminutive_is_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said", [
    # A relative, then a negation, then what they do not do: nothing is learnt
    ("es-es", "mi hermana no vive en lugo"),
    ("it-it", "mia sorella non vive a roma"),
    ("pt-pt", "a minha irmã não mora em lisboa"),
    ("ca-es", "la meva germana no viu a reus"),
    ("es-es", "mi padre no trabaja en el banco"),
])
def test_what_a_relative_does_not_do_is_no_fact(lang, said):
    assert heard(lang, said) == set()


@pytest.mark.parametrize("lang, said, expected", [
    # What the user loves, said as people say it
    ("es-es", "me chifla el flamenco", {(None, "Le chifla el flamenco")}),
    ("ca-es", "em flipa el bàsquet", {(None, "Li flipa el bàsquet")}),
    ("fr-fr", "je kiffe le reggae", {(None, "Aime reggae")}),
    ("it-it", "vado matta per il gelato", {(None, "Adora gelato")}),
    ("pt-pt", "sou doida por chocolate", {(None, "Gosta de chocolate")}),
    ("en-us", "i'm obsessed with pickleball", {(None, "Likes pickleball")}),
    # not a thing loved: a person, a negation
    ("fr-fr", "je suis fou de toi", set()),
    ("it-it", "non vado matto per la pizza", set()),
    ("en-us", "i'm obsessed with you", set()),
])
def test_what_the_user_loves_said_in_everyday_words_is_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # "here" between the verb of living and the town
    ("en-us", "we live here in tucson", {(None, "Lives in Tucson")}),
    ("es-es", "vivimos aquí en lorca", {(None, "Vive en Lorca")}),
    ("fr-fr", "on habite ici à rennes", {(None, "Habite à Rennes")}),
    ("de-de", "wir wohnen hier in kassel", {(None, "Wohnt in Kassel")}),
    ("it-it", "abitiamo qui a lecce", {(None, "Vive a Lecce")}),
    ("pt-pt", "moramos aqui em faro", {(None, "Vive em Faro")}),
    ("ca-es", "vivim aquí a olot", {(None, "Viu a Olot")}),
    ("nl-nl", "we wonen hier in zwolle", {(None, "Woont in Zwolle")}),
    ("de-de", "ich wohne hier in der nähe", set()),
    ("en-us", "i live here in fear of my landlord", set()),
])
def test_a_home_said_with_here_is_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    ("de-de", "mein mann peter grillt jeden sonntag", ("Peter", "Ist Mann des Nutzers")),
    ("it-it", "mia figlia giulia gioca a pallavolo il martedì", ("Giulia", "È figlia dell'utente")),
    ("en-us", "my brother james loaned me his truck", ("James", "Is the user's brother")),
    ("es-es", "mi hermana lucía trabaja en un banco", ("Lucía", "Es hermana del usuario")),
])
def test_a_given_name_after_a_relative_is_a_name_whatever_follows_it(lang, said, expected):
    """After "my husband", a word of the language's given names is his name, whatever verb the user goes on with."""
    assert expected in heard(lang, said)


@pytest.mark.parametrize("lang, said", [
    ("en-us", "my wife rose early today"),  # "rose" is no given name listed: a word before a verb it might be
    ("de-de", "mein mann kocht heute"),
])
def test_a_word_after_a_relative_is_no_name_unless_a_name_follows_or_is_given(lang, said):
    assert not [about for about, _ in heard(lang, said) if about]


@pytest.mark.parametrize("lang, said", [
    ("en-us", "our car is six years old"),
    ("nl-nl", "onze auto is tien jaar oud"),
    ("es-es", "nuestra casa tiene cien años"),
])
def test_the_age_of_a_thing_of_the_household_is_no_ones(lang, said):
    assert not [about for about, _ in heard(lang, said) if about]


@pytest.mark.parametrize("lang, said, expected", [
    ("en-us", "hi it's grandma dot um my grandson tyler set this up for me", (None, "Name is Dot")),
    ("de-de", "hallo hier ist die oma gerda, mein enkel hat mir das eingerichtet", (None, "Heißt Gerda")),
    ("it-it", "buongiorno sono nonna pina, me l'ha messo mio nipote", (None, "Si chiama Pina")),
    ("ca-es", "hola sóc l'avi josep, això m'ho ha posat el meu nét", (None, "Es diu Josep")),
    ("es-es", "hola soy la abuela carmen y no sé muy bien cómo va esto", (None, "Se llama Carmen")),
    ("fr-fr", "c'est mamie josette je sais pas trop comment ça marche", (None, "S'appelle Josette")),
    ("nl-nl", "hallo met oma truus, mijn kleinzoon heeft dit ingesteld", (None, "Heet Truus")),
    ("pt-pt", "olá sou a avó rosa e não percebo nada disto", (None, "Chama-se Rosa")),
])
def test_a_grandparent_says_who_they_are_with_the_name_the_family_calls_them(lang, said, expected):
    """"It's grandma Dot": the name said after the family's word for who the speaker is."""
    assert expected in heard(lang, said)


@pytest.mark.parametrize("lang, said", [
    ("en-us", "this is grandma's recipe"),
    ("en-us", "it's grandpa talking"),
    ("de-de", "hier ist die oma am telefon"),
    ("en-us", "it's grandma time"),
    ("de-de", "ich bin oma geworden"),  # became a grandmother
    ("nl-nl", "ik ben opa geworden"),
])
def test_a_grandparent_word_without_a_name_names_no_one(lang, said):
    assert not [text for about, text in heard(lang, said) if about is None and text.startswith(("Name", "Heißt", "Heet"))]


@pytest.mark.parametrize("lang, said, expected", [
    ("en-us", "can you answer more briefly please", "Wants short answers"),
    ("de-de", "kannst du bitte kürzer antworten, das ist mir immer viel zu lang", "Möchte Antworten kürzer"),
    ("fr-fr", "tu peux faire des réponses plus courtes s'te plaît", "Préfère les réponses courtes"),
    ("it-it", "mi rispondi più corto per favore che ti dilunghi troppo", "Preferisce risposte brevi"),
    ("ca-es", "contesta'm més curt si us plau que t'enrotlles molt", "Prefereix respostes curtes"),
    ("es-es", "contéstame un poco más corto que te enrollas", "Prefiere respuestas cortas"),
    ("nl-nl", "graag wat korter antwoorden voortaan", "Wil korte antwoorden"),
])
def test_answers_asked_shorter_are_how_the_user_wants_answers(lang, said, expected):
    assert (None, expected) in heard(lang, said)


@pytest.mark.parametrize("lang, said, expected", [
    ("nl-nl", "echt ik haat spruitjes en ik ben fan van ajax, gewoon dat je het weet", "Is fan van Ajax"),
    ("de-de", "ich hasse rosenkohl und ich bin voll der bayern fan", "Ist bayern-Fan"),
    ("ca-es", "sóc fan del barça a mort", "És fan de Barça"),
])
def test_the_team_the_user_is_a_fan_of(lang, said, expected):
    assert (None, expected) in heard(lang, said)


@pytest.mark.parametrize("lang, said", [
    ("en-us", "i'm a fan"),
    ("de-de", "ich bin stefan"),  # "ste-fan"
    ("ca-es", "sóc del poble"),  # where from, not a team
    ("de-de", "ich bin kein bayern fan"),
    ("de-de", "ich bin ein riesen fan"),  # how big a fan, of nothing named
    ("ca-es", "sóc fan de la teva música"),  # the assistant's
])
def test_what_only_sounds_like_being_a_fan_is_no_team(lang, said):
    assert not [text for _, text in heard(lang, said) if re.search(r"\bfan\b", text, re.IGNORECASE)]


def test_a_participle_before_who_it_is_and_an_age_is_no_name():
    """"... hat mir das Ding eingerichtet, der ist fünfzehn": the age is the grandson's, "eingerichtet" names no one."""
    found = heard("de-de", "mein enkel jonas hat mir das ding eingerichtet, der ist fünfzehn")
    assert not [about for about, _ in found if about and about.casefold() == "eingerichtet"]


@pytest.mark.parametrize("lang, said, expected", [
    # A pet that "answers to the name" of something is called so, in each language's idiom.
    ("en-us", "we've got a cat who answers to the name of tiger", {("Tiger", "Is the user's cat")}),
    ("de-de", "wir haben einen kater der hört auf den namen garfield", {("Garfield", "Ist Kater des Nutzers")}),
    ("es-es", "tenemos una perra que responde al nombre de lola", {("Lola", "Es perra del usuario")}),
    ("fr-fr", "on a un chat qui répond au nom de moustache", {("Moustache", "Est chat de l'utilisateur")}),
    ("it-it", "ho un cane che risponde al nome di fido", {("Fido", "È cane dell'utente")}),
    ("nl-nl", "we hebben een hond die luistert naar de naam bobbie", {("Bobbie", "Is hond van de gebruiker")}),
    ("ca-es", "tinc una gata que respon al nom de mixa", {("Mixa", "És gata de l'usuari")}),
    ("pt-pt", "temos um gato que dá pelo nome de tareco", {("Tareco", "É gato do utilizador")}),
    # a pet said with its diminutive is a pet
    ("es-es", "tenemos una perrita que se llama canela", {("Canela", "Es perrita del usuario")}),
    ("nl-nl", "we hebben een poesje die heet minoes", {("Minoes", "Is poesje van de gebruiker")}),
    # answering a phone, or to someone, names no one
    ("en-us", "my boss answers to the board", set()),
    ("es-es", "mi jefe responde al teléfono", set()),
])
def test_a_pet_answering_to_a_name_and_a_pet_said_small(lang, said, expected):
    assert heard(lang, said) == expected



@pytest.mark.parametrize("lang, said, expected", [
    # An allergy said as one the user has ("I have an allergy to ..."), in the languages that said only "allergic".
    ("en-us", "i have a bad allergy to cats", "Is allergic to cats"),
    ("fr-fr", "j'ai une allergie au pollen de bouleau", "Est allergique au pollen de bouleau"),
    ("it-it", "c'ho un'allergia alle graminacee", "Ha un'allergia alle graminacee"),
    ("nl-nl", "ik heb een allergie voor wespen", "Is allergisch voor wespen"),
    ("ca-es", "tinc al·lèrgia a la llet", "Té al·lèrgia a la llet"),
    # The instrument the user plays
    ("en-us", "i play the cello in a community orchestra", "Plays the cello"),
    ("de-de", "ich spiele seit zwei jahren schlagzeug", "Spielt schlagzeug"),
    ("es-es", "toco la trompeta en la banda del pueblo", "Toca trompeta"),
    ("fr-fr", "je joue du violon depuis que j'ai six ans", "Joue de l'instrument : violon"),
    ("it-it", "suono la fisarmonica alle feste", "Suona fisarmonica"),
    ("nl-nl", "ik speel dwarsfluit in de harmonie", "Speelt dwarsfluit"),
    ("pt-pt", "toco cavaquinho com os amigos", "Toca cavaquinho"),
    ("ca-es", "toco la gralla a la colla", "Toca gralla"),
])
def test_an_allergy_one_has_and_the_instrument_one_plays(lang, said, expected):
    assert (None, expected) in heard(lang, said)


@pytest.mark.parametrize("lang, said", [
    ("en-us", "i have no allergy to anything"),
    ("en-us", "i don't play the piano anymore"),
    ("es-es", "toco la batería del coche y no arranca"),  # touched the car's battery
    ("it-it", "suono il campanello della vicina"),
    ("pt-pt", "toco a campainha"),
])
def test_no_allergy_no_instrument_or_a_thing_touched_is_no_fact(lang, said):
    assert not [t for _, t in heard(lang, said) if t.startswith(("Is allergic", "Plays", "Toca", "Suona"))]


@pytest.mark.parametrize("lang, said, expected", [
    # Where the user works, the workplace followed by what they do there or since when.
    ("en-us", "i work at costco as a cashier", "Works at Costco"),
    ("de-de", "ich arbeite bei bosch als ingenieurin", "Arbeitet bei Bosch"),
    ("fr-fr", "je travaille chez michelin depuis dix ans", "Travaille chez Michelin"),
    ("pt-pt", "trabalho nos correios ao balcão", "Trabalha na Correios"),
])
def test_a_workplace_followed_by_what_one_does_there(lang, said, expected):
    assert (None, expected) in heard(lang, said)


@pytest.mark.parametrize("lang, said, expected", [
    # An age turned, said with when; a move said with when; an intolerance one has.
    ("de-de", "mein sohn tim ist am sonntag zehn geworden", ("Tim", "Ist 10 Jahre alt")),
    ("nl-nl", "mijn dochter fleur is zaterdag acht geworden", ("Fleur", "Is 8 jaar oud")),
    ("de-de", "wir sind letztes jahr nach leipzig gezogen", (None, "Wohnt in Leipzig")),
    ("es-es", "nos mudamos la semana pasada a vigo", (None, "Vive en Vigo")),
    ("de-de", "ich hab eine glutenunverträglichkeit", (None, "Hat glutenunverträglichkeit")),
    ("es-es", "tengo intolerancia al gluten desde niña", (None, "Tiene intolerancia al gluten")),
    ("pt-pt", "tenho intolerância ao glúten", (None, "Tem intolerância ao glúten")),
    ("it-it", "ho un'intolleranza al glutine", (None, "Ha un'intolleranza al glutine")),
    ("en-us", "i've got a lactose intolerance", (None, "Is lactose intolerant")),
])
def test_an_age_turned_and_a_move_said_with_when_and_an_intolerance(lang, said, expected):
    assert expected in heard(lang, said)


@pytest.mark.parametrize("lang, said", [
    ("de-de", "mein auto ist gestern zehn jahre alt geworden"),  # no one's age
    ("de-de", "ich habe keine laktoseintoleranz"),
])
def test_a_things_age_or_an_intolerance_denied_is_no_fact(lang, said):
    assert not heard(lang, said)


@pytest.mark.parametrize("lang, said, expected", [
    # Tens elided before "anni" are a number: how long is no employer, an age is an age.
    ("it-it", "sono infermiera da vent'anni", {(None, "Lavora come infermiera")}),
    ("it-it", "mio nonno ha novant'anni", {(None, "Nonno ha 90 anni")}),
])
def test_an_elided_number_is_read_as_one(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # After "my husband", a name from any shipped language is a name, whatever verb follows it; after "I am" only
    # the language's own ("sono bianca" is "I am white").
    ("de-de", "mein mann joão repariert gerade das auto", {("João", "Ist Mann des Nutzers")}),
    ("fr-fr", "mon mari jürgen répare la voiture", {("Jürgen", "Est mari de l'utilisateur")}),
    ("es-es", "mi marido jürgen arregla el coche", {("Jürgen", "Es marido del usuario")}),
    ("it-it", "sono bianca dalla paura", set()),
])
def test_a_name_from_another_language_after_a_relative(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Where words compound, a kind of pet is a pet ("dwerghamster", "hauskatze"); a German relative clause names.
    ("nl-nl", "we hebben een dwerghamster knabbel heet ie", {("Knabbel", "Is dwerghamster van de gebruiker")}),
    ("de-de", "ich habe eine hauskatze namens mausi", {("Mausi", "Ist Hauskatze des Nutzers")}),
    ("de-de", "wir haben eine katze die mausi heißt", {("Mausi", "Ist Katze des Nutzers")}),
    ("de-de", "wir haben eine nachbarin die immer heißt", set()),
    # The eldest, said with "the" or "my", then a given name: a child of the user's; "the little one" is anyone's.
    ("nl-nl", "de oudste fenna die zit al op kamers", {("Fenna", "Is een kind van de gebruiker, oudste")}),
    ("it-it", "la più grande martina va già all'università",
     {("Martina", "È figlio o figlia dell'utente, più grande")}),
    ("pt-pt", "o mais novo tiago anda na escola", {("Tiago", "É filho ou filha do utilizador, mais novo")}),
    ("de-de", "die älteste lena studiert in wien", {("Lena", "Ist ein Kind des Nutzers, älteste")}),
    ("es-es", "la pequeña lucía ya tiene once años", set()),
    ("nl-nl", "de oudste leerling is tien", set()),
])
def test_compound_pets_a_german_relative_clause_and_the_eldest_named(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A job of the list is whole where it ends, whatever the user goes on to say without a pause.
    ("de-de", "ich bin elektriker mach hauptsächlich so altbausanierung", {(None, "Arbeitet als Elektriker")}),
    ("es-es", "soy enfermera llevo veinte años en el hospital", {(None, "Trabaja como enfermera")}),
    ("de-de", "ich bin kein elektriker mach aber alles selber", set()),
])
def test_a_listed_job_ends_where_the_user_goes_on(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # "Our" and a given name: one of the family, what follows said of them; "our" and no name names no one.
    ("nl-nl", "onze daan is veertien", {("Daan", "Hoort bij de familie van de gebruiker"), ("Daan", "Is 14 jaar oud")}),
    ("it-it", "la nostra giulia ha sei anni", {("Giulia", "È della famiglia dell'utente"), ("Giulia", "Ha 6 anni")}),
    ("en-us", "our jake just started school", {("Jake", "Is one of the user's family")}),
    ("en-us", "our house is nine years old", set()),
])
def test_our_and_a_given_name_is_one_of_the_family(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # No jokes, how the user wants answers; jokes about something are a request for now.
    ("de-de", "antworte mir bitte kurz und lass die witze weg", {(None, "Möchte Antworten kurz"), (None, "Möchte keine Witze")}),
    ("ca-es", "fes-ho curtet vale sense rotllos ni bromes que no estic per orgues",
     {(None, "Prefereix respostes curtes"), (None, "No vol bromes")}),
    ("pt-pt", "nada de testamentos e deixa-te de graças", {(None, "Não quer piadas")}),
    ("it-it", "quando mi rispondi fai breve", {(None, "Preferisce risposte brevi")}),
    ("en-us", "skip the jokes ok", {(None, "Wants no jokes")}),
    ("de-de", "mach mal bitte kürzer ich brauch nur die antwort", {(None, "Möchte Antworten kürzer")}),
    ("de-de", "mach den timer kürzer", set()),
    ("de-de", "erzähl mir keine witze über meinen chef", set()),
    ("en-us", "tell me a joke no jokes about cats", set()),
])
def test_no_jokes_and_short_answers_as_said(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # The doctor put the user on a medicine, its dose after the participle; a participle is no medicine.
    ("nl-nl", "de huisarts heeft me nu op metoprolol gezet vijftig milligram elke ochtend",
     {(None, "Neemt metoprolol 50 milligram")}),
    ("de-de", "der arzt hat mich auf ramipril eingestellt fünf milligramm morgens", {(None, "Nimmt ramipril 5 milligramm")}),
    ("de-de", "mein vater hat mich auf ramipril gebracht fünf milligramm", set()),
])
def test_put_on_a_medicine_with_its_dose_after(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # "Just", "right next to" after a town: where in it, no part of its name.
    ("fr-fr", "j'habite à toulouse juste à côté", {(None, "Habite à Toulouse")}),
    ("es-es", "vivo en getafe justo al lado del metro", {(None, "Vive en Getafe")}),
    ("it-it", "abito a bari proprio vicino al porto", {(None, "Vive a Bari")}),
    ("it-it", "abito a bari finalmente", {(None, "Vive a Bari")}),
    ("nl-nl", "ik woon in gouda vlak bij de markt", {(None, "Woont in Gouda")}),
    ("de-de", "ich wohne in münster direkt am see", {(None, "Wohnt in Münster")}),
    ("ca-es", "visc a reus just al costat de la plaça", {(None, "Viu a Reus")}),
])
def test_where_in_a_town_is_no_part_of_its_name(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Just moved, said as each language says it, how long ago after the town.
    ("es-es", "nada que nos acabamos de mudar a valencia hace dos semanas", {(None, "Vive en Valencia")}),
    ("ca-es", "ens acabem de mudar a girona fa dues setmanes", {(None, "Viu a Girona")}),
    ("pt-pt", "acabámos de nos mudar para braga há duas semanas", {(None, "Vive em Braga")}),
    ("fr-fr", "on vient de déménager à lyon il y a deux semaines", {(None, "Habite à Lyon")}),
    ("it-it", "ci siamo appena trasferiti a bologna due settimane fa", {(None, "Vive a Bologna")}),
    ("nl-nl", "we zijn net verhuisd naar utrecht twee weken geleden", {(None, "Woont in Utrecht")}),
    ("en-us", "we just moved out here to tucson like two weeks ago", {(None, "Lives in Tucson")}),
    # a house number after the street is no "how long ago"
    ("de-de", "ich wohne in der lindenstraße 4 in untermiete", set()),
])
def test_just_moved_and_how_long_ago(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A pet or relative, then "the old", "granny", "la signora" and the name: theirs, and what follows of them.
    ("ca-es", "el nostre gos el vell rufus ja té catorze anys", {("Rufus", "És gos de l'usuari"), ("Rufus", "Té 14 anys")}),
    ("pt-pt", "o nosso gato o velho tareco já tem dezasseis anos", {("Tareco", "É gato do utilizador"), ("Tareco", "Tem 16 anos")}),
    ("fr-fr", "ma belle-mère mamie jacqueline vient passer noël", {("Jacqueline", "Est belle-mère de l'utilisateur")}),
    ("it-it", "mia suocera la signora franca viene a stare da noi", {("Franca", "È suocera dell'utente")}),
    ("nl-nl", "mijn schoonmoeder oma riet komt met kerst", {("Riet", "Is schoonmoeder van de gebruiker")}),
    # an adjective after the pet is no name, nor a verb after it
    ("it-it", "il mio cane vecchio dorme sempre", set()),
    ("es-es", "mi hijo pequeño tiene cinco años", {(None, "Hijo tiene 5 años")}),
    ("fr-fr", "mon fils petit à petit apprend", set()),
])
def test_the_old_one_or_granny_then_a_name(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # "literally", "franchement" only make the verb stronger
    ("en-us", "ugh i literally hate mushrooms they're so slimy", {(None, "Dislikes mushrooms")}),
    ("fr-fr", "je déteste franchement les endives", {(None, "N'aime pas les endives")}),
])
def test_a_word_that_only_makes_the_verb_stronger_is_set_aside(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A German modal particle before what one eats no more; an allergy said as one word.
    ("de-de", "ich ess ja seit letztem jahr kein fleisch mehr", {(None, "Isst kein fleisch")}),
    ("de-de", "ich hab ne nussallergie", {(None, "Hat eine Nussallergie")}),
    ("nl-nl", "ik heb een notenallergie", {(None, "Heeft een notenallergie")}),
    ("de-de", "ich hab keine nussallergie", set()),
])
def test_a_particle_before_a_diet_and_an_allergy_said_as_one_word(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A negation with words of its own ends at a filler: what the speaker starts again with is said so.
    ("it-it", "niente carne per me ehm sono vegetariana da quando avevo sedici anni", {(None, "È vegetariana")}),
    ("es-es", "nada de carne para mí eh soy vegetariana", {(None, "Es vegetariana")}),
    ("de-de", "kein fleisch für mich äh bin vegetarierin", {(None, "Ist vegetarierin")}),
    # Not a negation of the verb itself, nor what a negated verb of thinking or saying governs.
    ("it-it", "non ehm sono vegetariana", set()),
    ("es-es", "no creo eh que sea alérgico a nada", set()),
    ("it-it", "non ho mai detto ehm che sono vegetariana", set()),
    ("en-us", "i never said um that i'm vegetarian", set()),
    ("en-us", "i never said that i'm vegetarian", set()),
])
def test_a_negation_with_its_own_words_ends_at_a_filler(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A medicine said with its dose and no unit, as Iberian and Italian speakers do ("el eutirox de cincuenta")
    ("es-es", "me tomo el eutirox de cincuenta todas las mañanas", {(None, "Toma eutirox de 50")}),
    ("ca-es", "cada matí em prenc l'omeprazol de vint", {(None, "Pren omeprazol de 20")}),
    ("ca-es", "el metge m'ha posat l'enalapril, deu mil·ligrams cada matí", {(None, "Pren enalapril de 10")}),
    ("pt-pt", "tomo o ben-u-ron de quinhentos", {(None, "Toma ben-u-ron de 500")}),
    ("it-it", "la mattina prendo la cardioaspirina quella da cento milligrammi", {(None, "Prende cardioaspirina da 100")}),
    # A train, a coffee or a pizza taken is none
    ("es-es", "tomo el tren de ocho", set()),
    ("ca-es", "em prenc el cafè de deu", set()),
    ("pt-pt", "tomo o comboio de oito", set()),
    ("it-it", "prendo la pizza da dieci", set()),
    ("it-it", "prendo la margherita quella da dieci euro", set()),
])
def test_a_medicine_with_its_dose_and_no_unit(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # The assistant spoken to ends what the user likes, with the verb put before it: a question follows, no liking.
    ("en-us", "i love hiking you know any good trails", {(None, "Likes hiking")}),
    ("fr-fr", "j'adore le jazz manouche tu connais des concerts sympas", {(None, "Aime le jazz manouche")}),
    ("de-de", "ich liebe jazz kennst du gute konzerte", {(None, "Mag jazz")}),
    ("nl-nl", "ik hou van fietsen weet jij een mooie route", {(None, "Houdt van fietsen")}),
    ("it-it", "odio i peperoni tu cosa ci metteresti", {(None, "Odia i peperoni")}),
    ("en-us", "i love you", set()),
])
def test_the_assistant_spoken_to_ends_a_value(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A job just started is the job now; one started as, years ago, is not.
    ("fr-fr", "je viens de commencer comme aide-soignante à l'ehpad", {(None, "Travaille comme aide-soignante")}),
    ("es-es", "acabo de empezar como enfermera en el hospital", {(None, "Trabaja como enfermera")}),
    ("it-it", "ho appena iniziato come infermiera", {(None, "Lavora come infermiera")}),
    ("pt-pt", "acabei de começar como enfermeira", {(None, "Trabalha como enfermeira")}),
    ("ca-es", "acabo de començar de infermera", {(None, "Treballa com a infermera")}),
    ("fr-fr", "j'ai commencé comme serveuse mais maintenant je suis cheffe", set()),
    ("es-es", "empecé de camarero hace años", set()),
    ("it-it", "ho iniziato come cameriere", set()),
])
def test_a_job_just_started(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Names households use today, heard after "I am" and after a relative
    ("en-us", "hi i'm maya and i'm in second grade", {(None, "Name is Maya")}),
    ("de-de", "mein sohn finn spielt fußball", {("Finn", "Ist Sohn des Nutzers"), ("Finn", "Spielt fußball")}),
    ("es-es", "soy izan y tengo doce años", {(None, "Se llama Izan"), (None, "Tiene 12 años")}),
    ("nl-nl", "ik ben fenna", {(None, "Heet Fenna")}),
    # ... and not words that are names too
    ("it-it", "sono franco con te", set()),
])
def test_names_households_use_today(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Moved to somewhere that is no town: a way of getting about, a provider, a shift, a purpose, "again", "because"
    ("it-it", "ci siamo spostati a piedi", set()),
    ("pt-pt", "acabei de mudar para a vodafone", set()),
    ("pt-pt", "acabei de mudar para perto dos meus pais", set()),
    ("es-es", "acabamos de mudarnos a vivir juntos", set()),
    ("ca-es", "acabem de mudar-nos a viure junts", set()),
    ("fr-fr", "on vient de déménager à cause du bruit", set()),
    ("fr-fr", "on vient de déménager à nouveau", set()),
    ("en-us", "we just moved out here to be near family", set()),
    ("en-us", "we moved here to escape the heat", set()),
    # ... and towns, those opening with an article too
    ("en-us", "we just moved out here to tucson", {(None, "Lives in Tucson")}),
    ("it-it", "mi sono trasferita a la spezia", {(None, "Vive a La Spezia")}),
    ("es-es", "me acabo de mudar a las palmas", {(None, "Vive en Las Palmas")}),
    ("pt-pt", "mudei-me para o porto", {(None, "Vive em Porto")}),
    ("pt-pt", "acabei de me mudar para o porto", {(None, "Vive em Porto")}),
])
def test_a_move_to_somewhere_that_is_no_town(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # The doctor switched, warned of or stopped a drug: the one switched from, warned of or stopped is not taken, nor is
    # the participle a drug
    ("de-de", "der arzt hat mich gewarnt vor ibuprofen 800 mg", set()),
    ("de-de", "der arzt hat mich von ramipril 5 mg auf candesartan umgestellt", set()),
    ("de-de", "der arzt hat mich auf ramipril 5 mg eingestellt", {(None, "Nimmt ramipril 5 mg")}),
    ("de-de", "ich nehme seit gestern 10 mg ramipril", {(None, "Nimmt ramipril 10 mg")}),
    ("nl-nl", "de huisarts heeft me van metoprolol 50 mg afgehaald", set()),
    ("nl-nl", "de huisarts heeft me op metoprolol 50 mg gezet", {(None, "Neemt metoprolol 50 mg")}),
])
def test_a_drug_switched_from_or_warned_of(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Another language's two-letter name is this one's small word: "ad", "zé"; in its own language it is a name
    ("it-it", "mio marito ad esempio è vegetariano", {(None, "Marito è vegetariano")}),
    ("nl-nl", "mijn man ad is vegetariër", {("Ad", "Is man van de gebruiker"), ("Ad", "Is vegetariër")}),
    # a name said with no relation and a surname or a place after it is a stranger's
    ("de-de", "unser thomas müller hat wieder getroffen", set()),
    ("nl-nl", "onze willem alexander is jarig", set()),
    ("en-us", "our mike from accounting is hilarious", set()),
    ("es-es", "la mayor ana de la clase es muy lista", set()),
    ("nl-nl", "onze daan is jarig", {("Daan", "Hoort bij de familie van de gebruiker")}),
    # a nickname is no name of a person; a pet's may be
    ("en-us", "my son the little monster ate my fries", set()),
    ("es-es", "mi abuelo el viejo verde vive en cádiz", {(None, "Abuelo vive en Cádiz")}),
    ("it-it", "mio nonno il vecchio mario vive a bari", {("Mario", "È nonno dell'utente"), ("Mario", "Vive a Bari")}),
])
def test_words_and_strangers_are_no_one_of_the_household(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A pet or a person wished for, known or seen is no one of the household; one had is
    ("en-us", "i know a dog called bello", set()),
    ("en-us", "i'd love a cat called mittens", set()),
    ("de-de", "ich will eine katze die mausi heißt", set()),
    ("de-de", "ich kenne einen hund der bello heißt", set()),
    ("nl-nl", "we zagen een zeehond die sammy heet", set()),
    ("es-es", "conozco un perro que se llama toby", set()),
    ("fr-fr", "je connais un chien qui s'appelle rex", set()),
    ("it-it", "conosco un cane che si chiama fido", set()),
    ("pt-pt", "conheço um cão que se chama bobi", set()),
    ("ca-es", "conec un gos que es diu bobi", set()),
    ("de-de", "wir haben einen hund der bello heißt", {("Bello", "Ist Hund des Nutzers")}),
    ("en-us", "i know a guy named pete, my wife anna is a nurse",
     {("Anna", "Is the user's wife"), ("Anna", "Works as a nurse")}),
])
def test_one_wished_for_known_or_seen_is_not_ours(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # "Short" said of another command is "for a moment"; "no jokes" before a statement is "no kidding"
    ("de-de", "mach mal kurz lauter", set()),
    ("de-de", "mach kurz einen timer", set()),
    ("it-it", "la lavatrice fa corto circuito", set()),
    ("it-it", "il treno fa breve sosta a bologna", set()),
    ("de-de", "machs kurz bitte", {(None, "Möchte Antworten kurz")}),
    ("it-it", "fai breve che ho fretta", {(None, "Preferisce risposte brevi")}),
    ("de-de", "keine scherze ich meine das ernst", set()),
    ("es-es", "sin bromas esto es serio", set()),
    ("it-it", "senza scherzi ho vinto", set()),
    ("fr-fr", "sans blagues c'est vrai", set()),
    ("pt-pt", "sem brincadeiras isto é sério", set()),
    ("nl-nl", "zonder grappen dat was eng", set()),
    ("en-us", "no joking this is serious", set()),
    ("es-es", "basta de chistes por hoy", set()),
    ("es-es", "sin chistes por favor", {(None, "No quiere bromas")}),
    ("nl-nl", "geen grapjes meer alsjeblieft", {(None, "Wil geen grapjes")}),
    ("es-es", "sin bromas que no estoy de humor", {(None, "No quiere bromas")}),
])
def test_short_and_no_jokes_said_of_something_else(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A job one had, almost had, or helps with is not the job now; nor an allergy one suspected; nor years of experience
    ("nl-nl", "ik ben leraar geweest tot vorig jaar", set()),
    ("nl-nl", "ik ben leraar geworden", {(None, "Werkt als leraar")}),
    ("de-de", "ich bin polizist fast geworden", set()),
    ("de-de", "ich bin polizist geworden", {(None, "Arbeitet als Polizist")}),
    ("en-us", "i work as a nurse's aide", set()),
    ("de-de", "ich hab eine kontaktallergie vermutet aber der test war negativ", set()),
    ("de-de", "ich hab eine nussallergie", {(None, "Hat eine Nussallergie")}),
    ("it-it", "mio marito ha trent'anni di esperienza", set()),
    ("fr-fr", "mon mari a trente ans d'expérience", set()),
    ("it-it", "mio marito ha trent'anni", {(None, "Marito ha 30 anni")}),
])
def test_a_job_had_an_allergy_suspected_years_of_experience(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A no before a subject or a relative of its own answers: it turns nothing around; before a verb it may negate it
    ("en-us", "no my brother marcus lives in denver",
     {("Marcus", "Is the user's brother"), ("Marcus", "Lives in Denver")}),
    ("en-us", "no no i live in boston", {(None, "Lives in Boston")}),
    ("it-it", "no mio fratello vive a roma", {(None, "Fratello vive a Roma")}),
    ("es-es", "no no vivo en madrid", set()),
    ("pt-pt", "não não sou vegetariana", set()),
])
def test_a_no_before_a_subject_of_its_own_answers(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # How to answer, said beside a command for another skill, is for that answer only; alone it is a wish
    ("fr-fr", "baisse le son euh fais court là je suis au téléphone", set()),
    ("it-it", "accendi la luce in salotto eh falla breve", set()),
    ("en-us", "turn off the lights and keep it short", set()),
    ("fr-fr", "fais court", {(None, "Préfère les réponses courtes")}),
    ("fr-fr", "euh réponds moi plus court s'il te plaît", {(None, "Préfère les réponses courtes")}),
    ("it-it", "falla breve per favore", {(None, "Preferisce risposte brevi")}),
])
def test_how_to_answer_said_with_another_command(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # The thing said first, then how little one likes it; not twice when the verb came first
    ("it-it", "adoro i carciofi però il finocchio non lo sopporto proprio no",
     {(None, "Adora i carciofi"), (None, "Detesta finocchio")}),
    ("fr-fr", "le fromage je déteste", {(None, "N'aime pas fromage")}),
    ("es-es", "las acelgas no las soporto", {(None, "Detesta acelgas")}),
    ("pt-pt", "os brócolos não suporto", {(None, "Não gosta de brócolos")}),
    ("ca-es", "el peix no el suporto", {(None, "Detesta peix")}),
    ("es-es", "odio el brócoli no lo trago", {(None, "Odia el brócoli")}),
])
def test_a_dislike_with_the_thing_said_first(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Months, weeks or days turned are no age in years; "gaat acht dagen" is no age at all; "wird acht" is to come
    ("es-es", "mi hija cumple tres meses", set()),
    ("en-us", "my baby turns six months on monday", set()),
    ("pt-pt", "a minha filha faz seis meses", set()),
    ("it-it", "mia figlia compirà sei mesi sabato", set()),
    ("nl-nl", "mijn zoon wordt zes maanden", set()),
    ("nl-nl", "mijn zoon gaat acht dagen op kamp", set()),
    ("nl-nl", "mijn man gaat vijf dagen weg", set()),
    ("es-es", "mi hijo cumple ocho días en el hospital", set()),
    # a set lunch, a pack, a ticket or a pizza is no medicine
    ("es-es", "me tomo el menú de doce", set()),
    ("pt-pt", "tomo o pacote de dez", set()),
    ("it-it", "prendo il biglietto quello da dieci", set()),
    ("ca-es", "prenc el menú de dotze", set()),
    ("nl-nl", "mijn zoon gaat acht worden", {(None, "Zoon wordt 8 jaar")}),
    ("de-de", "meine tochter wird nächste woche acht", {(None, "Tochter wird 8 Jahre alt")}),
    ("en-us", "my son turns eight today", {(None, "Son turns 8")}),
    ("it-it", "mia figlia giulia compirà otto anni sabato",
     {("Giulia", "È figlia dell'utente"), ("Giulia", "Compirà 8 anni")}),
])
def test_months_turned_are_no_age_in_years(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, before, said, expected", [
    # One new to the household, named in the next turn
    ("es-es", "hemos adoptado una gata", "se llama luna es muy buena", {("Luna", "Es gata del usuario")}),
    ("it-it", "abbiamo adottato un gatto", "si chiama pepe", {("Pepe", "È gatto dell'utente")}),
    ("pt-pt", "adotámos um cão", "chama-se tejo", {("Tejo", "É cão do utilizador")}),
    ("ca-es", "hem adoptat una gossa", "es diu lola", {("Lola", "És gossa de l'usuari")}),
    ("fr-fr", "on a adopté une chatte", "elle s'appelle praline", {("Praline", "Est chatte de l'utilisateur")}),
    ("de-de", "wir haben jetzt eine katze", "sie heißt mimi", {("Mimi", "Ist katze des Nutzers")}),
    ("en-us", "we just adopted a puppy", "he's called biscuit", {("Biscuit", "Is the user's puppy")}),
    # a baby born, a new partner
    ("ca-es", "vam tenir una nena dijous", "es diu aina", {("Aina", "És nena de l'usuari")}),
    ("pt-pt", "arranjei namorado", "chama-se rui", {("Rui", "É namorado do utilizador")}),
    ("it-it", "abbiamo avuto un bambino", "si chiama leo", {("Leo", "È bambino dell'utente")}),
    ("nl-nl", "ik heb een nieuwe vriend", "hij heet bram", {("Bram", "Is vriend van de gebruiker")}),
    # A name with more said after it is no naming ("he's called grumpy in the morning")
    ("en-us", "we just adopted a puppy", "she's called trouble by the neighbours", set()),
    # Someone else's, or none
    ("en-us", "the neighbors have a dog", "he's called max", set()),
    ("en-us", "we don't have a dog", "he's called max", set()),
    ("de-de", "meine eltern haben einen hund", "er heißt bello", set()),
])
def test_one_new_to_the_household_is_named_in_the_next_turn(lang, before, said, expected):
    assert {(a.about, a.text) for a in rules.extract(said, load_language(lang), (), before).add} == expected


@pytest.mark.parametrize("lang, said", [
    ("ca-es", "el gos dels veïns un husky que es diu nanuk ha estat udolant"),
    ("es-es", "el perro de los vecinos se llama toby y ladra mucho"),
    ("en-us", "the neighbors' dog a beagle called rocky barked all night"),
    ("it-it", "il cane dei vicini si chiama rocky"),
    ("fr-fr", "le chien des voisins s'appelle rex"),
])
def test_one_of_the_neighbours_is_no_one_of_the_household(lang, said):
    assert heard(lang, said) == set()


@pytest.mark.parametrize("lang, said, expected", [
    ("en-us", "our cat max hates the neighbours' dog", {("Max", "Is the user's cat")}),
    ("es-es", "nuestro perro toby odia al gato de los vecinos", {("Toby", "Es perro del usuario")}),
])
def test_ours_named_before_the_neighbours_is_ours(lang, said, expected):
    assert expected <= heard(lang, said)


@pytest.mark.parametrize("lang, said, expected", [
    # A relative's medicine and dose, said as of the user's own: the relative said before it, unnamed or named.
    ("en-us", "my mother takes amlodipine five milligrams at night", {(None, "Mother takes amlodipine 5 milligrams")}),
    ("es-es", "mi madre toma losartán de cincuenta miligramos", {(None, "Madre toma losartán 50 miligramos")}),
    ("fr-fr", "ma femme prend du ramipril dix milligrammes le soir", {(None, "Femme prend ramipril 10 milligrammes")}),
    ("de-de", "meine mutter nimmt ramipril zehn milligramm", {(None, "Mutter nimmt ramipril 10 milligramm")}),
    ("nl-nl", "mijn vader slikt atorvastatine veertig milligram", {(None, "Vader neemt atorvastatine 40 milligram")}),
    # when, said between the verb and the medicine
    ("de-de", "meine oma nimmt jeden abend marcumar drei milligramm", {(None, "Oma nimmt marcumar 3 milligramm")}),
    ("nl-nl", "mijn moeder neemt elke ochtend omeprazol twintig milligram", {(None, "Moeder neemt omeprazol 20 milligram")}),
    ("en-us", "my son leo takes ritalin ten milligrams",
     {("Leo", "Is the user's son"), ("Leo", "Takes ritalin 10 milligrams")}),
    # A dose with no unit after "de"/"da": the user's own or a relative's; not a bus, a train nor a size.
    ("es-es", "mi abuela toma sintrom de cuatro", {(None, "Abuela toma sintrom de 4")}),
    ("pt-pt", "tomo lexotan de três antes de deitar", {(None, "Toma lexotan de 3")}),
    ("ca-es", "la meva àvia pren omeprazol de vint cada dia", {(None, "Àvia pren omeprazol de 20")}),
    ("it-it", "mio nonno prende il cardirene da cento", {(None, "Nonno prende cardirene da 100")}),
    ("es-es", "tomo el autobús de las siete", set()),
    ("it-it", "prendo il treno da dieci euro", set()),
    # Not the user's dose without a relative to give it to.
    ("en-us", "takes amlodipine five milligrams", set()),
])
def test_a_relatives_medicine_and_a_dose_with_no_unit_are_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    ("en-us", "my husband's birthday is june twelfth", {(None, "Husband's birthday is June Twelfth")}),
    ("en-us", "my sister anna's birthday is may 3rd", {("Anna", "Birthday is May 3")}),
    ("es-es", "el cumpleaños de mi madre es el dos de abril", {(None, "Madre cumple años el 2 de abril")}),
    ("pt-pt", "o aniversário do meu pai é a cinco de maio", {(None, "Pai faz anos a 5 de maio")}),
    ("ca-es", "l'aniversari de la meva germana és el sis de juny", {(None, "Germana fa anys el 6 de juny")}),
    ("fr-fr", "l'anniversaire de ma fille c'est le trois mars", {(None, "Fille a son anniversaire le 3 mars")}),
    ("it-it", "il compleanno di mio figlio è il dieci luglio", {(None, "Figlio compie gli anni il 10 luglio")}),
    ("de-de", "meine schwester hat im mai geburtstag", {(None, "Schwester hat im mai Geburtstag")}),
    ("nl-nl", "mijn moeder is jarig op zes mei", {(None, "Moeder is jarig op 6 mei")}),
    # A birthday party is no date of birth.
    ("es-es", "el cumpleaños de mi madre es en un restaurante", set()),
])
def test_a_relatives_birthday_is_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Where a relative works, as the user's own employer is said; what follows the firm ends it
    ("en-us", "my brother works at ikea", {(None, "Brother works at Ikea")}),
    ("es-es", "mi mujer trabaja en iberia", {(None, "Mujer trabaja en Iberia")}),
    ("es-es", "curro en decathlon por las tardes", {(None, "Trabaja en Decathlon")}),
    ("fr-fr", "ma soeur travaille chez orange à lille", {(None, "Soeur travaille chez Orange")}),
    ("it-it", "mio fratello lavora alla barilla", {(None, "Fratello lavora presso Barilla")}),
    ("nl-nl", "mijn zoon werkt bij de ing", {(None, "Zoon werkt bij Ing")}),
    ("pt-pt", "a minha irmã trabalha na fnac", {(None, "Irmã trabalha na Fnac")}),
    ("de-de", "meine frau arbeitet bei aldi in essen", {(None, "Frau arbeitet bei Aldi")}),
    ("de-de", "mein mann arbeitet bei der telekom", {(None, "Mann arbeitet bei Telekom")}),
    ("de-de", "ich arbeite bei den stadtwerken in ulm", {(None, "Arbeitet bei Stadtwerken")}),
    ("de-de", "mein mann arbeitet bei der arbeit viel", set()),
    ("ca-es", "la meva germana treballa al mercat", {(None, "Germana treballa a Mercat")}),
    ("en-us", "i work for walmart over in dover", {(None, "Works at Walmart")}),
    ("pt-pt", "o meu irmão trabalha na galp lá em sines", {(None, "Irmão trabalha na Galp")}),
    ("pt-pt", "a minha mãe não suporta coentros nem salsa", {(None, "Mãe não gosta de coentros")}),
    # No relative, no one to give it to
    ("en-us", "works at ikea", set()),
])
def test_where_a_relative_works_is_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # What a relative will not eat, as people say it; and their favourite
    ("en-us", "my wife can't stand olives", {(None, "Wife dislikes olives")}),
    ("en-us", "my daughter's favourite colour is purple", {(None, "Daughter's favourite colour is purple")}),
    ("es-es", "a mi hija no le gusta el pescado", {(None, "Hija odia pescado")}),
    ("pt-pt", "o meu pai não gosta nada de coentros", {(None, "Pai não gosta de coentros")}),
    ("it-it", "mia moglie non sopporta il coriandolo", {(None, "Moglie odia coriandolo")}),
    ("nl-nl", "mijn dochter lust geen vis", {(None, "Dochter mag geen vis")}),
    ("de-de", "mein mann mag keine oliven", {(None, "Mann mag oliven nicht")}),
    ("de-de", "meine tochter isst am liebsten nudeln", {(None, "Tochter mag nudeln")}),
    ("ca-es", "al meu fill no li agraden les olives", {(None, "Fill odia olives")}),
    # One who likes it is no one who does not
    ("es-es", "a mi hija le gusta el pescado", {(None, "Hija le gusta pescado")}),
])
def test_what_a_relative_will_not_eat_is_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A relative's job said with "'s" or, in Italian, "fa l'" as the recogniser writes it
    ("en-us", "my brother's a plumber", {(None, "Brother works as a plumber")}),
    ("it-it", "mia sorella fa l'infermiera", {(None, "Sorella lavora come infermiera")}),
    ("en-us", "that's a plumber", set()),
])
def test_a_relatives_job_said_short_is_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Where the user's parents, grandparents or children live: theirs, never the user's home
    ("en-us", "my in-laws live in tucson", {(None, "In-laws live in Tucson")}),
    ("es-es", "mis suegros viven en zamora", {(None, "Suegros viven en Zamora")}),
    ("pt-pt", "os meus pais moram em tomar", {(None, "Pais vivem em Tomar")}),
    ("it-it", "i miei genitori abitano a pavia", {(None, "Genitori abitano a Pavia")}),
    ("de-de", "meine großeltern wohnen in fulda", {(None, "Großeltern wohnen in Fulda")}),
    ("nl-nl", "mijn ouders wonen in zwolle", {(None, "Ouders wonen in Zwolle")}),
    # A relative's favourite, said "the favourite food of my daughter"
    ("es-es", "la bebida favorita de mi marido es la horchata", {(None, "Bebida favorita de marido: horchata")}),
    ("fr-fr", "le dessert préféré de ma fille c'est la tarte tatin", {(None, "Dessert préféré de fille: tarte tatin")}),
    ("pt-pt", "o prato preferido do meu pai é cozido", {(None, "Prato preferido do pai: cozido")}),
    ("nl-nl", "het lievelingsdier van mijn dochter is de giraf", {(None, "Lievelingsdier van Dochter: giraf")}),
])
def test_where_relatives_live_and_a_relatives_favourite_are_heard(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said", [
    # Not a relative's: a friend's medicine, a train at eight, a pension, a state of their favourite, no firm
    ("en-us", "my daughter has a friend who takes ritalin 10 mg"),
    ("es-es", "mi hijo tiene un amigo que toma sintrom de cuatro"),
    ("es-es", "mi hijo conoce al chico que toma ritalin de diez"),
    ("de-de", "mein sohn hat einen kumpel der nimmt ritalin 10 mg"),
    ("es-es", "mi padre toma el cercanías de ocho cada mañana"),
    ("it-it", "mio nonno prende la pensione da mille"),
    ("pt-pt", "o meu pai toma o elétrico de oito todos os dias"),
    ("en-us", "my son's favourite team is losing"),
    ("en-us", "my son works for himself"),
    ("de-de", "mein sohn arbeitet bei uns"),
    ("es-es", "mi madre no come mucho"),
])
def test_what_is_no_relatives_fact_is_not_kept_as_theirs(lang, said):
    assert heard(lang, said) == set()


@pytest.mark.parametrize("lang, said", [
    # Someone introduced with a clause about them ("a friend who ..."): what the clause says is theirs, not the
    # relative's before them, whatever the fact
    ("en-us", "my sister has a colleague who lives in leeds"),
    ("en-us", "my dad has a neighbour who is a nurse"),
    ("en-us", "my wife has a friend who is allergic to nuts"),
    ("fr-fr", "mon fils a un copain qui habite à lyon"),
    ("es-es", "mi padre tiene un vecino que es fontanero"),
    ("it-it", "mio figlio ha un amico che abita a torino"),
    ("pt-pt", "o meu filho tem um amigo que mora em braga"),
    ("ca-es", "el meu fill té un amic que viu a girona"),
])
def test_what_is_said_of_one_introduced_is_not_the_relatives(lang, said):
    assert heard(lang, said) == set()


@pytest.mark.parametrize("lang, said, expected", [
    # The relative introduced is the one the fact is of; a breed names the same pet
    ("en-us", "i have a brother who lives in leeds", {(None, "Brother lives in Leeds")}),
    ("en-us", "my sister who lives in leeds is a nurse", {(None, "Sister lives in Leeds"), (None, "Sister works as a nurse")}),
    ("en-us", "my son told a friend that he is allergic to peanuts", {(None, "Son is allergic to peanuts")}),
    ("nl-nl", "mijn zoon heeft een vriend die max heet maar mijn zoon is allergisch voor pinda's",
     {(None, "Zoon is allergisch voor pinda's")}),
    ("fr-fr", "on a un chien un beagle qui s'appelle ficelle",
     {("Ficelle", "Est chien de l'utilisateur (beagle)"), ("Ficelle", "Est chien de l'utilisateur")}),
])
def test_what_is_said_of_the_relative_introduced_is_theirs(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # A relative's job with where they do it: the firm or the place is theirs too
    ("en-us", "my daughter is a vet at pawsome clinic", {(None, "Daughter works as a vet"), (None, "Daughter works at Pawsome Clinic")}),
    ("nl-nl", "mijn zus is verpleegkundige bij het umc", {(None, "Zus werkt als verpleegkundige"), (None, "Zus werkt bij Umc")}),
    ("de-de", "mein bruder arbeitet als koch bei vapiano", {(None, "Bruder arbeitet als koch"), (None, "Bruder arbeitet bei Vapiano")}),
    ("es-es", "mi tía trabaja de enfermera en quirónsalud", {(None, "Tía trabaja como enfermera"), (None, "Tía trabaja en Quirónsalud")}),
    ("ca-es", "el meu cosí jordi és cuiner a girona",
     {("Jordi", "És cosí de l'usuari"), ("Jordi", "Treballa com a cuiner"), ("Jordi", "Treballa a Girona")}),
    # ...not what the time or the way of it is
    ("en-us", "my son is a student at the moment", {(None, "Son works as a student")}),
    ("de-de", "meine mutter ist lehrerin bei bedarf", {(None, "Mutter arbeitet als lehrerin")}),
    # ...nor a place cut at its "of": "the hospital" of "el hospital de la paz" is no workplace
    ("es-es", "mi prima es enfermera en el hospital de la paz", {(None, "Prima trabaja como enfermera")}),
])
def test_a_relatives_job_and_where_they_do_it_are_theirs(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # "my husband is NAME" names him in English as in the other languages: a given name only, never "ill"
    ("en-us", "my husband is harold", {("Harold", "Is the user's husband")}),
    ("en-us", "my husband is harold, he's a plumber", {("Harold", "Is the user's husband"), ("Harold", "Works as a plumber")}),
    ("en-us", "my son is ill", set()),
    # only where the name closes its clause, never before a possessive's thing (an attacker review's sentences)
    ("en-us", "my husband's jack daniels is in the cupboard", set()),
    ("en-us", "my daughter is mary in the nativity", set()),
    ("en-us", "my husband is ben and jerry's biggest fan", set()),
    ("en-us", "my son's max score is 300", set()),
    ("en-us", "in the school play my daughter is mary", set()),
    ("en-us", "i dreamt my husband is max", set()),
    ("en-us", "my wife is emma's friend", set()),
    ("en-us", "my husband is not harold", set()),
    # a best friend is a relation in every shipped language
    ("fr-fr", "ma meilleure amie c'est ghislaine", {("Ghislaine", "Est meilleure amie de l'utilisateur")}),
    ("de-de", "mein bester kumpel ist der dennis", {("Dennis", "Ist Bester Kumpel des Nutzers")}),
    ("es-es", "mi mejor amiga es lucía", {("Lucía", "Es mejor amiga del usuario")}),
    ("it-it", "la mia migliore amica è giulia", {("Giulia", "È migliore amica dell'utente")}),
    ("nl-nl", "mijn beste vriendin heet lotte", {("Lotte", "Is beste vriendin van de gebruiker")}),
    ("pt-pt", "a minha melhor amiga é a iolanda", {("Iolanda", "É melhor amiga do utilizador")}),
    ("ca-es", "la meva millor amiga és la núria", {("Núria", "És millor amiga de l'usuari")}),
])
def test_a_partner_or_best_friend_named_with_is(lang, said, expected):
    assert heard(lang, said) == expected

@pytest.mark.parametrize("lang, said, expected", [
    # a name before "my <relative>" is as often someone spoken to: it names no one (an attacker review's sentences)
    ("en-us", "emma my mum wants a word", set()),
    ("en-us", "sorry david my daughter broke your vase", set()),
    ("en-us", "tom our dog needs a walk", set()),
    ("en-us", "paul our daughter is allergic to nuts", {(None, "Daughter is allergic to nuts")}),
    ("pt-pt", "desculpa david a minha filha partiu a jarra", set()),
    ("pt-pt", "ana o nosso filho está a chorar", set()),
])
def test_a_name_said_to_someone_before_my_relative_names_no_one(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # how the user wants answers, asked for: the language from now on, speaking slower
    ("en-us", "from now on answer me in spanish please", {(None, "Wants answers in Spanish")}),
    ("en-us", "can you speak a bit slower i can't follow", {(None, "Wants to be spoken to slowly")}),
    ("es-es", "a partir de ahora contéstame en inglés", {(None, "Quiere respuestas en inglés")}),
    ("de-de", "antworte mir ab jetzt bitte auf englisch", {(None, "Möchte Antworten auf Englisch")}),
    ("de-de", "kannst du bitte ein bisschen langsamer sprechen", {(None, "Möchte, dass langsamer gesprochen wird")}),
    ("fr-fr", "à partir de maintenant réponds-moi en anglais", {(None, "Veut des réponses en anglais")}),
    ("fr-fr", "tu peux parler plus lentement s'il te plaît", {(None, "Préfère qu'on lui parle plus lentement")}),
    ("it-it", "d'ora in poi rispondimi in inglese", {(None, "Vuole risposte in inglese")}),
    ("it-it", "puoi parlare più lentamente", {(None, "Preferisce che gli si parli più lentamente")}),
    ("it-it", "rispondimi in modo più breve che vado di fretta", {(None, "Preferisce risposte in modo breve")}),
    ("nl-nl", "antwoord voortaan in het engels", {(None, "Wil antwoorden in het Engels")}),
    ("nl-nl", "praat eens wat langzamer", {(None, "Wil dat er langzamer gesproken wordt")}),
    ("pt-pt", "podes falar mais devagar é que eu às vezes não apanho tudo", {(None, "Prefere que lhe falem mais devagar")}),
    ("ca-es", "a partir d'ara contesta'm en castellà si us plau", {(None, "Vol respostes en castellà")}),
    ("ca-es", "parla'm més a poc a poc", {(None, "Prefereix que li parlin més a poc a poc")}),
    # a one-off, a question, a refusal, someone described: nothing
    ("en-us", "answer in spanish what is the word for dog", set()),
    ("en-us", "do you speak french", set()),
    ("en-us", "don't answer in french", set()),
    ("es-es", "no me hables en inglés", set()),
    ("en-us", "my grandad speaks slowly", set()),
    ("en-us", "i speak slowly", set()),
    ("es-es", "mi madre habla más despacio", set()),
    ("de-de", "ich möchte langsamer sprechen", set()),
    # an attacker review's sentences: another's way of speaking, someone else spoken to, a negation, an ability asked
    # about, quieter
    ("es-es", "mi suegra solo habla en catalán", set()),
    ("es-es", "mi abuela es mayor y habla más despacio", set()),
    ("en-us", "talk to him in spanish", set()),
    ("en-us", "answer the email in german", set()),
    ("de-de", "antworte nicht auf französisch", set()),
    ("de-de", "sie kann nur auf englisch sprechen", set()),
    ("nl-nl", "op school moet je in het engels praten", set()),
    ("en-us", "can you speak in german", set()),
    ("it-it", "parla più piano che il bambino dorme", set()),
    ("en-us", "could you speak slower to my dad", set()),
])
def test_how_the_user_wants_answers_asked_for(lang, said, expected):
    assert heard(lang, said) == expected


@pytest.mark.parametrize("lang, said, expected", [
    # Italian "a me piace", with or without "mi"; not a liking of thinking, nor of when
    ("it-it", "a me piace tantissimo il jazz", {(None, "Gli piace tantissimo il jazz")}),
    ("it-it", "a me non piace il calcio", {(None, "Non gli piace il calcio")}),
    ("it-it", "a me piace pensare che sia vero", set()),
    ("it-it", "mi piace quando piove", set()),
    # nothing of "you", nothing pointed at, no condition, no one else (an attacker review's sentences)
    ("it-it", "a me piace la tua voce", set()),
    ("it-it", "a me piace questa canzone", set()),
    ("it-it", "se a me piace la pizza a lui piace", set()),
    ("it-it", "mi piace chiamarlo tesoro", set()),
    ("it-it", "a me piace ma a mia moglie no", set()),
    ("it-it", "mi piace il pollo", {(None, "Gli piace il pollo")}),
    # a home said before a clause holding a passing time is kept; one said inside it is not
    ("it-it", "noi abitiamo a bari e volevo sapere se c'è una sagra questo fine settimana", {(None, "Vive a Bari")}),
    ("en-us", "we live in leeds and we're going to york this weekend", {(None, "Lives in Leeds")}),
    ("en-us", "this weekend we're in leeds", set()),
    # a word said twice is still the clause framed; a frame that is all its clause says frames the one before, unless
    # it frames the one after
    ("en-us", "we live live in york for the summer", set()),
    ("it-it", "noi abitiamo a bari e volevo volevo sapere se c'è una sagra questo fine settimana", {(None, "Vive a Bari")}),
    ("es-es", "nos mudamos mudamos a la cocina para cenar", set()),
    ("en-us", "we live in whitby and only for the summer", set()),
    ("en-us", "we live in bristol and for dinner we had pizza", {(None, "Lives in Bristol")}),
])
def test_a_liking_said_with_a_me_and_a_home_before_a_passing_time(lang, said, expected):
    assert heard(lang, said) == expected
