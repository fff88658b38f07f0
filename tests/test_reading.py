"""The one reading of an utterance (language/reading.py): lead-ins, fillers and tags set
aside, contractions expanded, numbers in words read as digits, clauses found without
punctuation, the scope of a negation, reported speech and questions, in every shipped
language, as a speech recogniser hands the words over."""
from __future__ import annotations

import pytest

from ovos_memory_plugin_entity.language.locale_data import load_language
from ovos_memory_plugin_entity.language.reading import MAX_READ_CHARS, Reading, read


def reading(lang: str, text: str) -> Reading:
    return read(text, load_language(lang).reading)


@pytest.mark.parametrize("lang,said,first_clause", [
    ("en-us", "you know what forget everything you know about me", "forget everything you know about me"),
    ("en-us", "hmm actually forget what i just told you", "forget what i just told you"),
    ("en-us", "uh so um hey can you please forget that okay", "forget that"),
    ("en-us", "Hmm, actually, forget what I just told you.", "forget what i just told you"),
    ("pt-pt", "olha então esquece lá isso se faz favor", "esquece lá isso"),
    ("es-es", "oye mira olvida eso vale", "olvida eso"),
    ("fr-fr", "euh bon écoute oublie ça hein", "oublie ça"),
    ("de-de", "äh also weißt du was vergiss das bitte", "vergiss das"),
    ("it-it", "senti ehm dimentica tutto per favore", "dimentica tutto"),
    ("nl-nl", "nou weet je wat vergeet dat maar oké", "vergeet dat"),
    ("ca-es", "escolta doncs oblida-ho si us plau", "oblida-ho"),
    ("de-de", "you know what vergiss das", "vergiss das"),  # English lead-ins are said everywhere
    # a closing tag opened by "and", whole, and a lead-in "guarda che"
    ("en-us", "i am allergic to shrimp crab lobster and stuff", "i am allergic to shrimp crab lobster"),
    ("es-es", "soy alérgica al marisco y todo eso", "soy alérgica al marisco"),
    ("it-it", "guarda che sono allergico ai crostacei tutto quanto", "sono allergico ai crostacei"),
])
def test_lead_ins_fillers_and_tags_are_set_aside(lang, said, first_clause):
    clauses = reading(lang, said).clauses
    assert clauses[0].text == first_clause
    assert clauses[0].aside  # kept apart, not lost: the yes/no judge reads them


@pytest.mark.parametrize("lang,said,words", [
    ("en-us", "yes i'm sure", "i am sure"),
    ("en-us", "don't remember anything", "do not remember anything"),
    ("en-us", "what's my dog called", "what is my dog called"),
    ("en-us", "i didnt say that youre wrong", "i did not say that you are wrong"),  # written with no apostrophe
    ("fr-fr", "qu'est-ce que t'as en mémoire sur moi", "que est-ce que tu as en mémoire sur moi"),
    ("fr-fr", "arrête d'enregistrer", "arrête de enregistrer"),
    ("pt-pt", "tá bem", "está bem"),
    ("it-it", "quest'ultima cosa", "questa ultima cosa"),
])
def test_contractions_are_expanded(lang, said, words):
    assert " ".join(reading(lang, said).words + reading(lang, said).clauses[0].aside[:0]) .endswith(words)


@pytest.mark.parametrize("lang,said,words", [
    ("it-it", "riattivala la memoria", ("riattiva", "la", "la", "memoria")),
    ("it-it", "eliminali", ("elimina", "li")),
    ("es-es", "quítamelo", ("quítamelo",)),  # a pair: take it off me, said to a person
    ("es-es", "elimínalos", ("elimina", "los")),
    ("es-es", "quítatelo", ("quítatelo",)),  # take it off yourself: the one spoken to's pronouns stay whole
    ("it-it", "dimenticalo", ("dimenticalo",)),  # a form the lists name stays whole
    ("it-it", "la scuola è bella", ("la", "scuola", "è", "bella")),  # no verb of the controls: no pronoun
    ("es-es", "la borracha canta", ("la", "borracha", "canta")),
])
def test_an_imperative_and_the_pronouns_written_on_it_are_read_apart(lang, said, words):
    assert reading(lang, said).words == words


@pytest.mark.parametrize("lang,said,number", [
    ("en-us", "she is seventy three", "73"),
    ("en-us", "my pin is four oh two one", "4021"),
    ("en-us", "call four double eight one", "4881"),
    ("en-us", "her number is six oh one two two", "60122"),  # "one" after "oh" is a digit, no article
    ("en-us", "my mobile is oh seven seven double two", "07722"),  # a number's leading zero, no filler
    ("en-us", "i take ten milligrams", "10"),
    ("pt-pt", "tem setenta e dois anos", "72"),
    ("pt-pt", "tomo quinhentos miligramas", "500"),
    ("es-es", "tiene ochenta y un años", "81"),
    ("fr-fr", "elle a quatre vingt deux ans", "82"),
    ("de-de", "sie ist dreiundsiebzig", "73"),
    ("it-it", "ha settantatré anni", "73"),
    ("nl-nl", "ze is drieënzeventig", "73"),
    ("ca-es", "té setanta-tres anys", "73"),
])
def test_numbers_in_words_are_read_as_digits(lang, said, number):
    assert number in reading(lang, said).words


def test_an_oh_opening_the_turn_is_no_zero():
    assert reading("en-us", "oh one two three four is my pin").words[0] == "1234"
    assert reading("en-us", "so oh one two three four is my pin").words[0] == "1234"  # after a lead-in too


@pytest.mark.parametrize("lang,said,number", [
    ("pt-pt", "o médico receitou-me ibuprofeno 400 miligramas", "400"),
    ("es-es", "el médico me recetó enalapril 10 miligramos", "10"),
    ("de-de", "die ärztin hat mir metformin verschrieben 1000 milligramm", "1000")])
def test_digits_said_beside_accented_letters_stay_digits(lang, said, number):
    # the look-alike folding maps other scripts' letters, never a "0" to an "o"
    assert number in reading(lang, said).words


@pytest.mark.parametrize("lang,said", [
    ("en-us", "i have a dog and one cat"), ("fr-fr", "on a un chat"), ("de-de", "wir haben einen hund"),
    ("pt-pt", "tenho uma gata")])
def test_an_article_stays_a_word(lang, said):
    assert "1" not in reading(lang, said).words


@pytest.mark.parametrize("lang,said,number,article", [
    ("pt-pt", "o duarte tem nove e um gato chamado farrusco", "9", "um"),
    ("it-it", "marta ne ha otto e un criceto", "8", "un"),
    ("de-de", "die jana ist sieben und einen hamster haben wir auch", "7", "einen"),
    ("es-es", "pablo tiene cinco y un perro", "5", "un")])
def test_an_article_after_a_number_stays_a_word(lang, said, number, article):
    words = reading(lang, said).words
    assert number in words and article in words and "1" not in words


@pytest.mark.parametrize("lang,said,clauses", [
    ("en-us", "wait no take that back i don't want that saved", ["take that back", "i do not want that saved"]),
    ("en-us", "off the record i've been diagnosed with asthma", ["off the record", "i have been diagnosed with asthma"]),
    ("en-us", "my mom is seventy three and she lives in tampa", ["my mom is 73", "she lives in tampa"]),
    ("pt-pt", "chamo-me rui e sou enfermeiro", ["chamo-me rui", "sou enfermeiro"]),
    ("fr-fr", "attends non supprime ça je veux pas que tu le gardes", ["supprime ça", "je veux pas que tu le gardes"]),
    ("en-us", "forget what i just said", ["forget what i just said"]),  # "what" binds the pronoun
    ("en-us", "yes i'm sure", ["i am sure"]),  # too short to split
    ("de-de", "ich wohne in köln. und du?", ["ich wohne in köln", "du"]),
])
def test_clauses_are_found_without_punctuation(lang, said, clauses):
    assert [c.text for c in reading(lang, said).clauses] == clauses


@pytest.mark.parametrize("lang,said,negated", [
    ("en-us", "don't forget my address", [True]),
    ("en-us", "i don't think so but forget my address", [True, False]),
    ("en-us", "scratch that, i don't want it kept", [False, True]),
    ("pt-pt", "não esqueças a minha morada", [True]),
    ("fr-fr", "ne retiens rien", [True]),
    ("de-de", "vergiss meine adresse nicht", [True]),
    # the verb a negation took, said again, says what is so instead; not after a negation said again
    ("es-es", "no trabajo en el banco trabajo en correos", [True, False]),
    ("pt-pt", "já não moro em braga moro em viseu", [True, False]),
    ("ca-es", "no visc a reus visc a valls", [True, False]),
    ("it-it", "non bevo vino non bevo birra", [True]),
    ("es-es", "ya no vivo en lugo ahora vivimos en vigo", [True, False]),  # "now" after a negation opens one too
])
def test_a_negation_governs_its_clause(lang, said, negated):
    assert [c.negated for c in reading(lang, said).clauses] == negated


def test_where_a_negation_stands_is_kept():
    clause = reading("en-us", "scratch that, i don't want it kept").clauses[-1]
    assert clause.negation_at == (2,) and clause.words[2] == "not"


@pytest.mark.parametrize("lang,said,reported", [
    ("en-us", "forget my address, she said", [True, True]),
    ("en-us", "forget my address she said", [True, True]),
    ("en-us", "my boss told me to forget about it", [True]),
    ("en-us", "forget my address", [False]),
    ("es-es", "mi madre dijo que olvidara todo", [True]),
    ("de-de", "sie hat gesagt vergiss das", [True]),
])
def test_reported_speech_is_told_from_the_users_own_words(lang, said, reported):
    assert [c.reported for c in reading(lang, said).clauses] == reported


@pytest.mark.parametrize("lang,said,question", [
    ("en-us", "what's my dog called again", True),
    ("en-us", "did you forget your keys", True),
    ("en-us", "so where do i live again", True),
    ("en-us", "forget my address", False),
    ("en-us", "forget everything?", True),
    ("fr-fr", "comment il s'appelle déjà mon lapin", True),
    ("pt-pt", "onde é que eu moro", True),
    ("es-es", "qué flores le regalo a mi madre", True),
])
def test_questions_are_told_from_statements(lang, said, question):
    assert reading(lang, said).clauses[0].question is question


def test_the_reading_is_bounded_cached_and_total():
    language = load_language("en-us")
    huge = "i like tea and " * 10_000
    assert sum(len(c.text) + 2 for c in read(huge, language.reading).clauses) <= MAX_READ_CHARS + 2
    assert read("forget that", language.reading) is read("forget that", language.reading)  # one turn reads it once
    assert read(None, language.reading) == Reading()  # type: ignore[arg-type]
    assert read("", language.reading).clauses == ()
    assert read("Ｆｏｒｇｅｔ thаt", language.reading).words == ("forget", "that")  # full-width; a Cyrillic а


@pytest.mark.parametrize("lang, said, read_as", [
    # A plural the number parser reads as its singular is a word: nuts, gods, the little ones.
    ("ca-es", "soc al·lèrgica a les nous", "soc al·lèrgica a les nous"),
    ("en-us", "the little ones are asleep", "the little ones are asleep"),
    ("ca-es", "tinc nou anys", "tinc 9 anys"), ("es-es", "tengo dos gatos", "tengo 2 gatos"),
    ("fr-fr", "ma mère a quatre-vingts ans", "ma mère a 80 ans"), ("fr-fr", "au deux cents rue", "au 200 rue"),
])
def test_a_plural_of_a_number_word_is_no_number(lang, said, read_as):
    assert read(said, load_language(lang).reading).text == read_as


@pytest.mark.parametrize("lang, said, read_as", [
    ("de-de", "ich bin voll allergisch auf nüsse", "ich bin allergisch auf nüsse"),
    ("es-es", "soy muy alérgica al marisco", "soy alérgica al marisco"),
    ("en-us", "i'm really allergic to cats", "i am allergic to cats"),
    ("fr-fr", "je suis vachement allergique aux chats", "je suis allergique aux chats"),
    ("it-it", "sono molto allergica ai gatti", "sono allergica ai gatti"),
    ("pt-pt", "sou muito alérgica a gatos", "sou alérgica a gatos"),
    ("nl-nl", "ik ben hartstikke allergisch voor katten", "ik ben allergisch voor katten"),
    ("ca-es", "sóc molt al·lèrgica als gats", "sóc al·lèrgica als gats"),
    ("en-us", "i like it very", "i like it very"),  # closing, it is what is said
])
def test_a_word_that_only_makes_the_next_stronger_is_set_aside(lang, said, read_as):
    assert read(said, load_language(lang).reading).text == read_as


@pytest.mark.parametrize("lang, said, read_as", [
    # One word in place of another after two repairs, said in the language's own words ("wait", "what am i saying",
    # "qué digo", "wat zeg ik"), its clause ending or the word said again after it
    ("en-us", "my brother's name is kevin no wait what am i saying kyle", "my brother's name is kyle"),
    ("nl-nl", "mijn dochter heet emma wacht wat zeg ik sanne", "mijn dochter heet sanne"),
    ("it-it", "mio figlio si chiama marco ehm no scusa luca è luca", "mio figlio si chiama luca è luca"),
    # not after a hesitation and one repair, whatever follows: a pet name, "no thanks", "no kidding"
    ("fr-fr", "ma femme s'appelle sophie euh attends chéri", "ma femme se appelle sophie attends chéri"),
    ("en-us", "my daughter's name is chloe um no problem", "my daughter's name is chloe no problem"),
    ("es-es", "mi hijo se llama mario eh no mario no toques", "mi hijo se llama mario no toques"),
    # the clause said again, five words back at most, or the word taken back denied first
    ("es-es", "mi hermano se llama pablo espera qué digo se llama jaime", "mi hermano se llama jaime"),
    ("pt-pt", "a minha filha chama-se inês espera o que é que eu estou a dizer a minha filha chama-se sofia",
     "a minha filha chama-se sofia"),
    ("pt-pt", "o meu cunhado é o rui espera não é o rui é o nuno", "o meu cunhado é o nuno"),
    ("de-de", "ich bin allergisch gegen nüsse warte nicht nüsse sellerie", "ich bin allergisch gegen sellerie"),
    # not a word quoted from before, which a correction of the earlier turn needs, nor a verb
    ("es-es", "he dicho mayo no quería decir junio el tres de junio", "he dicho mayo no quería decir junio el 3 de junio"),
    ("en-us", "i can't wait to see my sister", "i can not wait to see my sister"),
    ("de-de", "ich warte nicht gern", "ich warte nicht gern"),
    # a hesitation and a mere "no" take no word back: "no kidding" is no repair
    ("en-us", "my son lives in austin uh no kidding he loves it", "my son lives in austin no kidding, he loves it"),
])
def test_a_word_said_in_place_of_another_is_read_instead(lang, said, read_as):
    assert reading(lang, said).text == read_as


@pytest.mark.parametrize("lang, said, read_as", [
    # A given name in place of a given name, after a hesitation and one repair: a slip of the tongue
    ("en-us", "my wife's name is sarah um no rachel", "my wife's name is rachel"),
    ("de-de", "meine frau heißt sabine äh nee susanne", "meine frau heisst susanne"),
    ("it-it", "mio fratello si chiama paolo ehm no, marco", "mio fratello si chiama marco"),
    ("fr-fr", "ma sœur s'appelle claire euh non camille", "ma sœur se appelle camille"),
    ("es-es", "mi novia se llama lucía eh no, laura", "mi novia se llama laura"),
    ("pt-pt", "o meu filho chama-se pedro hum não tiago", "o meu filho chama-se tiago"),
    ("ca-es", "la meva filla es diu laia eh no marta", "la meva filla es diu marta"),
    ("nl-nl", "mijn broer heet daan eh nee bram", "mijn broer heet bram"),
    # not where the utterance goes on after it (someone called by name), nor a name said first after a repair
    ("en-us", "i saw emma uh no kevin was there", "i saw emma no kevin was there"),
    ("en-us", "my son is called ben um no max, get off the couch", "my son is called ben no max get off the couch"),
    ("en-us", "my wife's name is kate uh sorry jim i'm on the phone", "my wife's name is kate sorry jim, i am on the phone"),
    ("en-us", "my wife's name is kate uh sorry jim", "my wife's name is kate sorry jim"),  # "sorry jim": to him
    ("en-us", "our dog is called bella uh no luna, luna, sit", "our dog is called bella no luna, luna sit"),
    ("es-es", "perdona ana eh no pilar", "ana no pilar"),
])
def test_a_given_name_said_in_place_of_another_after_a_hesitation_is_read_instead(lang, said, read_as):
    assert reading(lang, said).text == read_as


@pytest.mark.parametrize("lang, said, read_as", [
    # The new word said twice after a repair, as people stress it, is said once
    ("en-us", "my husband's name is gerald no sorry harold harold", "my husband's name is harold"),
    ("es-es", "tiene once años eh no doce doce años", "tiene 12 años"),
    ("nl-nl", "ik neem twintig milligram eh nee veertig, veertig milligram", "ik neem 40 milligram"),
    ("it-it", "si chiama ornella eh no aspetta rosalba, rosalba", "si chiama rosalba"),
    # after a hesitation and one repair, a word said twice replaces nothing ("hello hello", "calma calma")
    ("en-us", "my wife's name is claire uh sorry hello hello", "my wife's name is claire sorry hello hello"),
    # a word said again after a repair, to stress it, is said once; a bare "no" between two is a contrast
    ("fr-fr", "on vit à narbonne pardon narbonne", "on vit à narbonne"),
    ("en-us", "i love pizza no pizza is bad", "i love pizza no pizza is bad"),
])
def test_a_word_said_again_after_a_repair_is_read_once(lang, said, read_as):
    assert reading(lang, said).text == read_as


@pytest.mark.parametrize("lang, said, read_as", [
    # Everyday repair phrases take back what is said again after them
    ("de-de", "mein sohn heißt paul ich hab mich vertan mein sohn heißt peter", "mein sohn heisst peter"),
    ("en-us", "my son's name is liam uh i misspoke noah", "my son's name is noah"),
    ("es-es", "mi hija se llama lola eh me he liado se llama lucía", "mi hija se llama lucía"),
    # "i mean" is a hedge, and "corrijo" after "no" a verb ("I mark"): no repair
    ("en-us", "i live in lyon i mean in the suburbs", "i live in lyon, in the suburbs"),
    ("es-es", "soy profesora, no corrijo exámenes", "soy profesora no corrijo exámenes"),
])
def test_a_repair_phrase_takes_back_what_is_said_again(lang, said, read_as):
    assert reading(lang, said).text == read_as


@pytest.mark.parametrize("lang, said, read_as", [
    # A word spelled out right after it is that word; spelled otherwise than heard, as spelled
    ("nl-nl", "ik heet maarten m a a r t e n", "ik heet maarten"),
    ("en-us", "it's kristen k i r s t e n", "it is kirsten"),
    ("de-de", "sie heißt leni, l e n i", "sie heisst leni"),  # "i" spelled, not German "ich"
    ("en-us", "it's kristen k i r s t e n i think", "it is kirsten, i think"),
    # as written: a hyphen, an umlaut spelled "o e", one-letter words after the spelling
    ("en-us", "my daughter is called mary-kate m a r y k a t e", "my daughter is called mary-kate"),
    ("de-de", "mein sohn heißt björn b j o e r n", "mein sohn heisst björn"),
    ("es-es", "me llamo eva e v a y a mí me encanta el cine", "me llamo eva, a mí me encanta el cine"),
    # a one-letter word after the spelling is no letter of it; letters that spell no word said before stay
    ("en-us", "my sister is called amy a m y i think she's thirty", "my sister is called amy, i think, she is 30"),
    ("it-it", "mia figlia si chiama ada a d a e ha due anni", "mia figlia si chiama ada, ha 2 anni"),
    ("en-us", "ask a b c d", "ask a b c d"),
])
def test_a_word_spelled_after_it_is_read_as_spelled(lang, said, read_as):
    assert reading(lang, said).text == read_as


@pytest.mark.parametrize("lang, said, read_as", [
    # A word taken back and said again is left out: the same small word after a pause, a word of the user's in
    # another form, a number after a number with "sorry" or a pause
    ("en-us", "my aunt uh no my uncle paul lives in reno", "my uncle paul lives in reno"),
    ("it-it", "mia zia ehm no mia nonna vive a bari", "mia nonna vive a bari"),
    ("ca-es", "la meva tieta eh no la meva àvia viu a vic", "la meva àvia viu a vic"),
    ("de-de", "meine tante äh nee mein onkel wohnt in ulm", "mein onkel wohnt in ulm"),
    ("nl-nl", "mijn tante eh nee mijn oom woont in ede", "mijn oom woont in ede"),
    ("es-es", "tomo quince perdón veinte miligramos", "tomo 20 miligramos"),
    ("pt-pt", "tomo dez hum não doze miligramas", "tomo 12 miligramas"),
    ("fr-fr", "je prends vingt pardon trente milligrammes", "je prends 30 milligrammes"),
    # Not a second statement that happens to start alike, nor a number said not to be so, nor another word
    ("es-es", "no como carne no como pescado", "no como carne no como pescado"),
    ("es-es", "tiene seis no siete", "tiene 6 no 7"),
    ("ca-es", "ai no catorze, no tretze, que ja els va fer", "14 no 13 que ja els va fer"),
    ("es-es", "tenemos tres eh no cuatro gatos", "tenemos 4 gatos"),
    ("es-es", "mi dirección bórrala que no me fío", "mi dirección bórrala que no me fío"),
    ("es-es", "mi hermano eh no me acuerdo", "mi hermano no me acuerdo"),
    ("en-us", "i live in lyon i mean in the suburbs", "i live in lyon, in the suburbs"),
    # a mere "no" is a contrast, a hedge is no repair
    ("es-es", "la que es alérgica es mi hija no mi hijo", "la que es alérgica es mi hija no mi hijo"),
    ("pt-pt", "moro em braga aliás perto", "moro em braga aliás perto"),
    ("en-us", "my son is allergic to peanuts i mean badly", "my son is allergic to peanuts, badly"),
    ("fr-fr", "mon fils habite à lyon enfin autour", "mon fils habite à lyon enfin autour"),
    ("en-us", "my grandson lives in boise no sorry spokane", "my grandson lives in spokane"),
    ("en-us", "my son is twelve uh no thirteen", "my son is 13"),
    ("fr-fr", "mon fils a douze ans euh non treize", "mon fils a 13 ans"),
    ("pt-pt", "o meu filho tem doze anos não desculpa treze anos", "o meu filho tem 13 anos"),
    ("pt-pt", "a minha irmã ah não o meu irmão rui vive no porto", "o meu irmão rui vive no porto"),
    ("ca-es", "la meva germana ai no el meu germà pau viu a vic", "el meu germà pau viu a vic"),
    ("en-us", "i take two pills uh no three times a day", "i take 2 pills no 3 times a day"),
    # the same word said again after two repairs, with no pause: "nee sorry", "no scusa"
    ("nl-nl", "mijn zus woont in zwolle nee sorry in kampen", "mijn zus woont in kampen"),
    ("it-it", "lavoro a torino no scusa a ivrea", "lavoro a ivrea"),
    ("en-us", "i'm allergic to nuts sorry to bother you", "i am allergic to nuts sorry to bother you"),  # an apology
])
def test_a_word_taken_back_and_said_again_is_left_out(lang, said, read_as):
    assert reading(lang, said).text == read_as


@pytest.mark.parametrize("lang, said, read_as", [
    # After one repair, a given name said twice closing the utterance replaces the one before ...
    ("en-us", "my husband's gerald, no, harold, harold", "my husband's harold"),
    ("en-us", "our dog is called bella uh no molly, molly", "our dog is called molly"),
    # ... not a name called, whatever follows it, nor any other word said twice (two attacker reviews' sentences)
    ("en-us", "my husband's name is paul, no, max, max, he's barking", "my husband's name is paul no max max, he is barking"),
    ("pt-pt", "o meu irmão chama-se vasco, não, salvador, salvador, e vive em faro",
     "o meu irmão chama-se vasco não salvador salvador, vive em faro"),
    ("en-us", "our dog is called bella uh no molly, molly, come here", "our dog is called bella no molly, molly come here"),
    ("en-us", "our dog is called bella uh no molly, molly, no", "our dog is called bella no molly, molly no"),
    ("de-de", "mein hund heißt bello nein sitz sitz", "mein hund heisst bello nein sitz sitz"),
    ("nl-nl", "ik ben allergisch voor selderij uh nee mosterd mosterd", "ik ben allergisch voor selderij nee mosterd mosterd"),
    # a repair phrase with no pause starts nothing again: it may be a hedge or a narrowing
    ("nl-nl", "ik woon in utrecht ik bedoel in amersfoort", "ik woon in utrecht, ik bedoel in amersfoort"),
    ("en-us", "i'm allergic to nuts i meant to mention that", "i am allergic to nuts, i meant to mention that"),
    # a filler after a new number ends nothing: "18 eh meses" are months
    ("es-es", "mi hija tiene 2 años perdón 18 eh meses", "mi hija tiene 2 años perdón 18 meses"),
    # a short given name is a word of content: "lena nein quatsch lea"
    ("de-de", "meine tochter heißt lena nein quatsch lea und die geht in die schule", "meine tochter heisst lea, die geht in die schule"),
    # "I mean" said after the word meant is a closing tag, though it holds a subject
    ("de-de", "ich bin allergisch gegen haselnüsse mein ich", "ich bin allergisch gegen haselnüsse"),
    ("nl-nl", "op woensdag bedoel ik", "op woensdag"),
    # everyday repair words: "or rather", "je dis n'importe quoi"; German "moment" stays a word of its own
    ("pt-pt", "tomo cinquenta, ou melhor, cem microgramas", "tomo 100 microgramas"),
    ("fr-fr", "je suis infirmière, euh, non je dis n'importe quoi, pharmacienne", "je suis pharmacienne"),
    ("de-de", "ich bin allergisch gegen nüsse moment ich hol mal die tabletten",
     "ich bin allergisch gegen nüsse moment, ich hol mal die tabletten"),
])
def test_a_word_taken_back_in_one_breath_as_people_say_it(lang, said, read_as):
    assert reading(lang, said).text == read_as


@pytest.mark.parametrize("lang, said, read_as", [
    # Where tens and units are said with a joiner or as one word, a unit right after the tens is a number of its own
    ("es-es", "tomo metformina de ochocientos cincuenta dos veces al día", "tomo metformina de 850 2 veces al día"),
    ("pt-pt", "tomo vinte duas vezes por dia", "tomo 20 2 vezes por dia"),
    ("es-es", "treinta y dos", "32"),
    ("en-us", "fifty two", "52"),
    # A number said in digits ends there
    ("es-es", "tomo 850 dos veces", "tomo 850 2 veces"),
])
def test_units_after_the_tens_join_them_only_where_the_language_says_so(lang, said, read_as):
    assert read(said, load_language(lang).reading).text == read_as


@pytest.mark.parametrize("lang, said, read_as", [
    # A number in digits multiplied by a word; tens and units said apart where a hyphen joins them
    ("en-us", "2 thousand", "2000"),
    ("de-de", "5 hundert milligramm", "500 milligramm"),
    ("ca-es", "número trenta quatre", "número 34"),
])
def test_a_number_multiplied_or_hyphenless_stays_one(lang, said, read_as):
    assert read(said, load_language(lang).reading).text == read_as


@pytest.mark.parametrize("lang, said, read_as", [
    # a word that begins the next is no word broken off: a correction, a list, a small word before a town
    # (an attacker review's sentences, against a reading that left the first out)
    ("es-es", "no es luis es luisa", "no es luis, es luisa"),
    ("en-us", "i need a pen a pencil and a ruler", "i need a pen a pencil, a ruler"),
    ("de-de", "ich habe nicht äh nichte", "ich habe nicht nichte"),
    ("en-us", "i am from uh frome", "i am from frome"),
])
def test_a_word_that_begins_the_next_is_kept(lang, said, read_as):
    assert reading(lang, said).text == read_as
