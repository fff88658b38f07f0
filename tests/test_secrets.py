"""Secret detection (language/secrets.py): every class in every shipped language, the
screen's normalisation, the validators, and the ordinary numbers it must leave alone."""
from __future__ import annotations

import shutil

import pytest

from ovos_memory_plugin_entity.language import locale_data
from ovos_memory_plugin_entity.language.locale_data import available, load_language, missing
from ovos_memory_plugin_entity.language.secrets import iban_valid, luhn_valid, redact, secret_class
from tests.secret_cases import CONTROLS, SECRETS, SHAPES, SPOKEN

LANGS = sorted(SECRETS)
BY_CLASS = [(lang, kind, sentence, value) for lang in LANGS for kind, (sentence, value) in SECRETS[lang].items()]


def test_every_shipped_language_has_cases():
    assert LANGS == available()


@pytest.mark.parametrize("lang,kind,sentence,value", BY_CLASS)
def test_a_secret_introduced_by_its_name_is_found_in_the_language(lang, kind, sentence, value):
    language = load_language(lang)
    assert secret_class(sentence, language) == kind
    assert value not in redact(sentence, language)
    assert f"[{kind}]" in redact(sentence, language)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind,sentence,value", SHAPES)
def test_a_secret_by_its_shape_is_found_whatever_the_language(lang, kind, sentence, value):
    language = load_language(lang)
    assert secret_class(f"Remember {sentence} please", language) == kind
    assert value not in redact(f"Remember {sentence} please", language)


@pytest.mark.parametrize("lang", LANGS)
def test_digits_spoken_as_words_are_read_as_digits(lang):
    language = load_language(lang)
    assert secret_class(SPOKEN[lang], language) == "PIN"
    assert redact(SPOKEN[lang], language).endswith("[PIN]")


@pytest.mark.parametrize("lang,control", [(lang, c) for lang in LANGS for c in CONTROLS[lang]])
def test_ordinary_numbers_phones_and_addresses_are_not_secrets(lang, control):
    language = load_language(lang)
    assert secret_class(control, language) is None
    assert redact(control, language) == control


@pytest.mark.parametrize("trick", ["My PIN is \uff14\uff18\uff12\uff11",  # full-width digits
                                   "My P\u200bIN is 48\u200b21",  # zero-width characters
                                   "My card is 4111\u00a01111\u00a01111\u00a01111"])  # no-break spaces
def test_the_screens_normalisation_comes_first(trick):
    assert secret_class(trick, load_language("en-us")) is not None


def test_a_secret_said_in_another_shipped_language_is_found():
    assert secret_class("A palavra-passe do wifi é tulipas2024", load_language("en-us")) == "password"


@pytest.mark.parametrize("number,valid", [("4111111111111111", True), ("4111111111111112", False),
                                          ("378282246310005", True), ("6011111111111117", True)])
def test_luhn(number, valid):
    assert luhn_valid(number) is valid


@pytest.mark.parametrize("iban,valid", [("GB82WEST12345698765432", True), ("GB82WEST12345698765433", False),
                                        ("PT50000201231234567890154", True), ("DE89370400440532013001", False)])
def test_mod_97(iban, valid):
    assert iban_valid(iban) is valid


@pytest.mark.parametrize("almost", ["My card number is 4111 1111 1111 1112 (a typo)",  # fails Luhn: no card...
                                    "Account DE89 3704 0044 0532 0130 03"])  # ...fails mod-97: no IBAN
def test_a_number_the_validator_rejects_is_not_a_secret_by_shape(almost):
    language = load_language("en-us")
    assert secret_class(almost.replace("card number is", "order is").replace("Account", "Ref"), language) is None


def test_a_password_of_a_few_words_ending_the_clause_is_a_secret_but_its_manager_is_not():
    language = load_language("en-us")
    assert secret_class("The wifi password is tulips.", language) == "password"
    assert redact("the wifi password is sunflower seventy seven", language) == "the wifi password is [password]"
    assert redact("la contrasenya del correu és tulipes liles 1988", load_language("ca-es")) == \
        "la contrasenya del correu és [password]"
    assert redact("the email password is purple monkey 4471", language) == "the email password is [password]"
    assert secret_class("The password is on the fridge", language) is None
    assert secret_class("Password manager is Bitwarden", language) is None


def test_the_class_is_named_never_the_value():
    language = load_language("en-us")
    redacted = redact("Card 4111 1111 1111 1111, PIN 4821 and IBAN GB82 WEST 1234 5698 7654 32 thanks", language)
    assert redacted == "Card [card number], PIN [PIN] and IBAN [IBAN] thanks"


@pytest.mark.parametrize("name", ["secret_pin.voc", "digits.voc", "sensitive_health.voc"])
def test_every_language_must_have_the_lists(tmp_path, monkeypatch, name):
    shutil.copytree(locale_data.LOCALE / "pt-pt", tmp_path / "pt-pt")
    (tmp_path / "pt-pt" / name).unlink()
    assert f"pt-pt/{name}" in missing("pt-pt", tmp_path)


def test_the_digits_are_twelve_lines_in_order(tmp_path):
    shutil.copytree(locale_data.LOCALE / "en-us", tmp_path / "en-us")
    (tmp_path / "en-us" / "digits.voc").write_text("zero\none\n", encoding="utf-8")
    assert "en-us/digits.voc: 12 lines, in order" in missing("en-us", tmp_path)


@pytest.mark.parametrize("lang", ["en-us", "de-de"])
@pytest.mark.parametrize("text", ["Parcel reference 1234 5678 9012 3456 arrives Monday",  # 16 digits, not Luhn
                                  "Library barcode 1234-5678-9012-3456",
                                  "Old account label GB82 WEST 1234 5698 7654 33"])  # an IBAN's shape, not mod-97
def test_the_validators_keep_look_alike_numbers_out(lang, text):
    """A long number that fails Luhn, or an IBAN's shape that fails mod-97, is no secret:
    only the checksum tells it from a card or an account."""
    assert secret_class(text, load_language(lang)) is None
    assert not luhn_valid("1234567890123456") and luhn_valid("4111111111111111")
    assert iban_valid("GB82WEST12345698765432") and not iban_valid("GB82WEST12345698765433")


VALUE_FIRST = [("en-us", "Use 4821 as my new PIN", "PIN"), ("en-us", "Set 7734 as the alarm code", "security code"),
               ("en-us", "4821 is my PIN", "PIN"), ("pt-pt", "Usa 4821 como o meu novo PIN", "PIN"),
               ("pt-pt", "4821 é o meu PIN", "PIN"), ("de-de", "Nimm 4821 als meine neue PIN", "PIN"),
               ("fr-fr", "Mets 4821 comme mon nouveau code PIN", "PIN"), ("it-it", "Usa 4821 come il mio nuovo PIN", "PIN"),
               ("nl-nl", "Gebruik 4821 als mijn nieuwe pincode", "PIN"), ("ca-es", "Fes servir 4821 com el meu nou PIN", "PIN"),
               # a pause and a pronoun before the link
               ("en-us", "4821 — that's my PIN", "PIN"), ("de-de", "4821, das ist meine PIN", "PIN"),
               ("es-es", "4821, eso es mi PIN", "PIN"), ("it-it", "4821: questo è il mio PIN", "PIN"),
               # a pronoun before the link, no pause
               ("en-us", "5150 that's the gate code", "security code"), ("de-de", "5150 das ist meine PIN", "PIN")]


@pytest.mark.parametrize("lang,sentence,kind", VALUE_FIRST)
def test_a_value_said_before_its_keyword_is_a_secret(lang, sentence, kind):
    language = load_language(lang)
    assert secret_class(sentence, language) == kind
    assert "4821" not in redact(sentence, language) and "7734" not in redact(sentence, language)


# An adverb between the link and the value, a keyword of the "secret" family.
@pytest.mark.parametrize("lang,said", [("en-us", "my bank pin is still 4821"), ("en-us", "my pin has always been 4821"),
                                       ("de-de", "die PIN von meiner Karte ist übrigens 4821"),
                                       ("nl-nl", "mijn pincode is nog steeds 4821"),
                                       ("fr-fr", "mon code pin, c'est toujours le 4821"), ("en-us", "my secret number is 4821")])
def test_a_value_after_an_adverb_or_a_secret_number_is_redacted(lang, said):
    assert "4821" not in redact(said, load_language(lang))


@pytest.mark.parametrize("lang,said", [("en-us", "the wifi password is T U L I P S 7 7"),
                                       ("en-us", "my password is t-u-l-i-p-s, all lowercase"),
                                       ("fr-fr", "le mot de passe c'est T.O.U.R.N.E.S.O.L")])
def test_a_password_spelled_out_is_one_word(lang, said):
    assert "[password]" in redact(said, load_language(lang))


# A verb of unlocking, then what it is done with: the value is a code, in every language.
UNLOCKED_WITH = [("en-us", "my phone unlocks with 4821"), ("en-us", "use 4821 to unlock my phone"),
                 ("es-es", "desbloqueo el móvil con 4821"), ("de-de", "ich entsperre mein Handy mit 4821"),
                 ("fr-fr", "je déverrouille mon téléphone avec 4821"), ("it-it", "sblocco il telefono con quattro otto due uno"),
                 ("nl-nl", "ik ontgrendel mijn telefoon met 4821"), ("pt-pt", "desbloqueio o telemóvel com 4821"),
                 ("ca-es", "desbloquejo el mòbil amb 4821")]


@pytest.mark.parametrize("lang,sentence", UNLOCKED_WITH)
def test_a_value_something_is_unlocked_with_is_a_code(lang, sentence):
    assert "[security code]" in redact(sentence, load_language(lang)) and "4821" not in redact(sentence, load_language(lang))


@pytest.mark.parametrize("lang,sentence", [("en-us", "I unlock the shop at 0900 every day"),
                                           ("de-de", "Ich entsperre das Handy mit dem Daumen"),
                                           ("fr-fr", "Je déverrouille la porte avec 2 clés")])
def test_unlocking_with_a_thing_or_at_a_time_is_no_code(lang, sentence):
    assert redact(sentence, load_language(lang)) == sentence


# Numbers before a keyword that are not its value: no linking word, a year, a dose, a
# house number, a phone number, a time, an amount, a range.
NOT_VALUE_FIRST = [
    ("en-us", "In 2024 I changed my PIN"), ("en-us", "1985 was when I first set a PIN"),
    ("en-us", "I take 500 mg of ibuprofen in combination with paracetamol"),
    ("en-us", "My grandmother is 102 and forgets her PIN"), ("en-us", "I live at 742 Evergreen Terrace with a gate code"),
    ("en-us", "Call 555 0199 if you forget the password"), ("en-us", "I get home at 1730 and type the door code"),
    ("en-us", "I spent 300 euros on a new combination lock"), ("en-us", "We keep the 1985-1990 photos behind a password"),
    ("en-us", "It is 4821 metres away, and my PIN is not on me"),
    ("pt-pt", "Moro no número 123 e esqueci a senha"), ("pt-pt", "A minha avó tem 101 anos e esquece o PIN"),
    ("es-es", "Vivo en el 123 y olvidé la contraseña"),
    ("de-de", "Ich wohne in der Hauptstraße 120 und vergesse immer mein Passwort"),
    ("fr-fr", "Mon immeuble au 140 a un digicode"), ("it-it", "Abito al 150 e ho la password"),
    ("nl-nl", "Ik heb 200 euro met mijn pin betaald"), ("nl-nl", "Ik woon op nummer 125 met een pincode op de deur"),
    ("ca-es", "Visc al 123 i he oblidat la contrasenya"),
]


@pytest.mark.parametrize("lang,sentence", NOT_VALUE_FIRST)
def test_a_number_before_a_keyword_that_is_not_its_value_stays(lang, sentence):
    language = load_language(lang)
    assert secret_class(sentence, language) is None
    assert redact(sentence, language) == sentence


# As people say them (issue 34): articles, contractions, change words, spoken digits of any
# shipped language, "double", any separator, a value said first before a colon.
SAID = [("en-us", "My bank PIN's 4821, by the way", "4821"),
        ("en-us", "My new PIN will be 4821", "4821"),
        ("en-us", "I changed my bank PIN to 4821 today", "4821"),
        ("en-us", "The bank PIN is four oh two one", "4021"),
        ("en-us", "My card PIN is four double eight one", "4881"),
        ("es-es", "Mi PIN es el 4821", "4821"),
        ("pt-pt", "O PIN do multibanco é o 4821", "4821"),
        ("fr-fr", "Mon code PIN c'est le 4821", "4821"),
        ("it-it", "Il mio PIN è il 4821", "4821"),
        ("ca-es", "El meu PIN és el 4821", "4821"),
        ("nl-nl", "Mijn pincode is de 4821", "4821"),
        ("de-de", "Meine PIN ist die 4821", "4821"),
        ("it-it", "Il mio PIN è cuatro ocho dos uno", "4821"),
        ("en-us", "7734: Is the code for the garage door", "7734"),
        ("en-us", "card 4111.1111.1111.1111", "4111"),
        ("en-us", "card 4111/1111/1111/1111", "4111"),
        ("en-us", "card 4111\u20131111\u20131111\u20131111", "4111"),
        ("en-us", "card 4111\u20111111\u20111111\u20111111", "4111"),
        ("en-us", "card 4111, 1111, 1111, 1111", "1111"),
        ("en-us", "IBAN GB82.WEST.1234.5698.7654.32", "5698"),
        ("en-us", "my card is four one one one, one one one one, one one one one, one one one one", "1111"),
        ("en-us", "the pin on my phone is forty eight sixty three", "48"),  # tens, through the reading
        ("de-de", "das wlan passwort ist sonnenblume siebenundsiebzig", "sonnenblume"),
        ("nl-nl", "mijn mailwachtwoord is paarse tulpen", "tulpen")]  # a compound ending in a keyword


@pytest.mark.parametrize("lang,said,value", SAID)
def test_a_secret_said_as_people_say_it_is_redacted(lang, said, value):
    redacted = redact(said, load_language(lang))
    assert value not in redacted and "[" in redacted


@pytest.mark.parametrize("lang,said", [("nl-nl", "De limiet van mijn creditcard is 2500 euro"),
                                       ("fr-fr", "Le plafond de ma carte bleue c'est 1500 euros"),
                                       ("en-us", "My zip code is 94110"), ("fr-fr", "Mon code postal est 75011"),
                                       ("en-us", "Set two alarms for seven"),
                                       ("es-es", "Tomo 600 mg de ibuprofeno cada ocho horas")])
def test_an_amount_an_address_or_a_dose_beside_a_keyword_is_not_a_secret(lang, said):
    assert secret_class(said, load_language(lang)) is None


@pytest.mark.parametrize("lang,said", [
    ("en-us", "my pin is... 4821"), ("en-us", "my pin? it's 4821"), ("en-us", "my pin is - 4821"),
    ("en-us", "my pin is; 4821"), ("fr-fr", "mon code pin c'est... 4821"), ("pt-pt", "o meu pin é... 4821"),
    ("es-es", "mi pin es - 4821"), ("nl-nl", "mijn pincode is... 4821"), ("it-it", "il mio pin è... 4821"),
    ("en-us", "my pin is … 4821"), ("de-de", "Meine PIN ist … 4821"), ("fr-fr", "mon code pin c'est … 4821")])
def test_a_pause_between_a_keyword_and_its_value_hides_nothing(lang, said):
    assert "4821" not in redact(said, load_language(lang))


# A PIN said in tens or pairs (issue 34): each number its own group, never their sum.
IN_PAIRS = [("pt-pt", "O meu PIN é quarenta e oito vinte e um"), ("fr-fr", "Mon code PIN c'est quarante-huit vingt et un"),
            ("de-de", "Meine PIN ist achtundvierzig einundzwanzig"), ("es-es", "Mi PIN es cuarenta y ocho veintiuno"),
            ("it-it", "Il mio PIN è quarantotto ventuno"), ("ca-es", "El meu PIN és quaranta-vuit vint-i-un"),
            ("nl-nl", "Mijn pincode is achtenveertig eenentwintig"), ("en-us", "my pin is forty eight twenty one")]


@pytest.mark.parametrize("lang,said", IN_PAIRS)
def test_a_pin_said_in_pairs_is_read_as_its_groups(lang, said):
    assert redact(said, load_language(lang)).endswith("[PIN]")


@pytest.mark.parametrize("lang,said,kind", [
    ("en-us", "my social is 123-45-6789", "government id"), ("en-us", "Social is 123 45 6789", "government id"),
    ("es-es", "Documento: 12345678Z", "government id"), ("es-es", "mi NIE es X1234567L", "government id"),
    ("it-it", "RSSMRA85T10A562S è il suo", "government id"), ("es-es", "mi clave es 4821", "PIN"),
    ("pt-pt", "o meu número de contribuinte é 123456789", "government id"),
    ("nl-nl", "mijn BSN is 123456782", "government id")])
def test_a_local_name_or_the_shape_of_an_id_is_a_secret(lang, said, kind):
    assert secret_class(said, load_language(lang)) == kind


@pytest.mark.parametrize("lang,said", [("es-es", "Documento: 12345678A"), ("en-us", "Her phone is 555-123-4567"),
                                       ("en-us", "My employee number is 48213"), ("en-us", "The discount code is SAVE20"),
                                       ("en-us", "My flight is TP 1234"), ("es-es", "La clave del éxito es la paciencia"),
                                       ("es-es", "El código de descuento es 4821"), ("en-us", "The booking code is 4821"),
                                       ("pt-pt", "O código do voucher é 4821"), ("ca-es", "El codi de descompte és 4821")])
def test_a_look_alike_id_or_an_ordinary_code_is_not_a_secret(lang, said):
    assert secret_class(said, load_language(lang)) is None


def test_two_secrets_in_one_sentence_are_both_redacted():
    assert redact("my pin is 1234 and the alarm code is 5678", load_language("en-us")) == \
        "my pin is [PIN] and the alarm code is [security code]"


@pytest.mark.parametrize("reply", ["Noted: 4821", "got it, your pin 48 21", "I will remember 4-8-2-1!"])
def test_a_reply_that_echoes_the_users_secret_is_redacted(reply):
    english = load_language("en-us")
    assert "[PIN]" in redact(reply, english, "my pin is 4821") and "1234" in redact("not 1234", english, "pin 4821x")


@pytest.mark.parametrize("lang,said", [("en-us", "my pin is 3371 no wait sorry it's 3317"),
                                       ("en-us", "my pin is 3371. No wait, it's 3317"),
                                       ("de-de", "die pin ist eins neun acht acht nein moment es ist eins acht neun acht"),
                                       ("it-it", "il pin è 8442 anzi no scusa è 8424"),
                                       # a second of its kind, named by a pronoun or not at all
                                       ("en-us", "the card's pin is 1803 and the phone's 5529"),
                                       ("ca-es", "el pin de la targeta és u vuit zero tres i el del mòbil cinc cinc dos nou"),
                                       ("de-de", "die pin für die karte ist zwo acht eins fünf und die fürs handy 7703"),
                                       ("nl-nl", "de pincode van de bankpas is 8812 en van de creditcard 4006")])
def test_a_value_as_long_as_a_secret_said_again_after_it_is_redacted_both_times(lang, said):
    assert redact(said, load_language(lang)).count("[PIN]") == 2


@pytest.mark.parametrize("said", ["my pin is 4821. I live at 1234 Elm street", "my pin is 4821 and my zip code is 1234",
                                  "my pin is 4821 and I was born in 72, at 1234 Elm street",
                                  "the alarm code is 4821 and we have 3 kids"])
def test_a_number_after_a_secret_in_another_sentence_or_of_another_kind_stays(said):
    assert redact(said, load_language("en-us")).count("[") == 1


def test_a_passphrase_of_words_after_an_elided_qualifier_is_a_password():
    assert redact("la password dell'home banking è gatto nero sotto la pioggia", load_language("it-it")) == \
        "la password dell'home banking è [password]"


@pytest.mark.parametrize("lang,said,read_as", [("fr-fr", "af mille deux cent trente-quatre", "af 1234"),
                                               ("pt-pt", "mil novecentos e oitenta e cinco", "1985"),
                                               ("fr-fr", "quatre vingt dix neuf", "99"),
                                               ("es-es", "cuarenta y ocho veintiuno", "48 21")])
def test_a_number_said_in_words_is_read_whole_and_pairs_apart(lang, said, read_as):
    from ovos_memory_plugin_entity.language.reading import read
    assert read(said, load_language(lang).reading).text == read_as


@pytest.mark.parametrize("lang,said", [("en-us", "the alarm at home is 5512 and the pin of my visa is 9034"),
                                       ("es-es", "la alarma de casa va con 3391 y el pin de la tarjeta es 7720"),
                                       ("nl-nl", "het alarm thuis staat op 6604 en de pincode van de bankpas is 1187"),
                                       ("it-it", "il pin del bancomat è 4471 e quello della carta di mio fratello 8820")])
def test_a_value_as_long_as_a_secret_said_before_it_or_further_on_is_redacted_too(lang, said):
    redacted = redact(said, load_language(lang))
    assert redacted.count("[") == 2 and not any(ch.isdigit() for ch in redacted), redacted


@pytest.mark.parametrize("lang,said", [("de-de", "meine Kartenpin ist 6620"), ("de-de", "Handypin 3318"),
                                       ("nl-nl", "de bankpin is 7719"), ("en-us", "my simpin: 4406"),
                                       ("es-es", "mi wifiPIN es 2290")])
def test_a_keyword_ending_a_compound_of_any_length_names_its_value(lang, said):
    assert secret_class(said, load_language(lang)) == "PIN"


@pytest.mark.parametrize("lang,said", [("nl-nl", "mijn postcode is 3512 AB"), ("en-us", "the barcode reads 5012345678900"),
                                       ("en-us", "Loves Chopin, who was born in 1810"),
                                       ("en-us", "the door code is valid until 2025"),
                                       ("de-de", "die PIN ist seit 2019 gesperrt")])
def test_an_ordinary_word_before_a_compound_keyword_or_a_year_across_words_is_no_secret(lang, said):
    assert secret_class(said, load_language(lang)) is None


@pytest.mark.parametrize("lang,said", [("en-us", "my passcode is daisy2024"), ("fr-fr", "le code du portail est ab12cd"),
                                       ("pt-pt", "o pin do tablet é gato99x")])
def test_letters_and_digits_after_any_keyword_are_a_password(lang, said):
    redacted = redact(said, load_language(lang))
    assert redacted.endswith("]") and not any(ch.isdigit() for ch in redacted), redacted


@pytest.mark.parametrize("lang,said", [("en-us", "the vitamin code is B12"), ("en-us", "my seat code is 14C")])
def test_a_short_code_of_letters_and_digits_stays(lang, said):
    assert secret_class(said, load_language(lang)) is None


@pytest.mark.parametrize("lang,said", [("en-us", "alarm code: sixty two nineteen"), ("de-de", "meine PIN, 5521"),
                                       ("es-es", "el pin del móvil: treinta y tres cuarenta"), ("fr-fr", "le code de la porte, 7731")])
def test_a_colon_or_a_comma_before_a_value_said_in_words_hides_nothing(lang, said):
    redacted = redact(said, load_language(lang))
    assert redacted.endswith("]") and not any(ch.isdigit() for ch in redacted), redacted


@pytest.mark.parametrize("lang,said", [("en-us", "to unlock the tablet I just type 9034"),
                                       ("es-es", "para desbloquear el portátil tecleo 6618"),
                                       ("fr-fr", "pour déverrouiller la tablette je compose 2207"),
                                       ("it-it", "per sbloccare il portatile digito 5150"),
                                       ("nl-nl", "om de laptop te ontgrendelen tik ik 8824")])
def test_a_code_typed_after_the_words_of_unlocking_is_a_code(lang, said):
    assert secret_class(said, load_language(lang)) == "security code"


@pytest.mark.parametrize("lang,said", [("en-us", "the bike lock opens with 7391"),
                                       ("it-it", "il portone si apre con quarantadue diciotto"),
                                       ("es-es", "el candado se abre con el 2846"),
                                       ("nl-nl", "de kluis gaat open met 6150"),
                                       ("fr-fr", "le cadenas s'ouvre avec le 9372")])
def test_what_something_opens_with_is_its_code(lang, said):
    redacted = redact(said, load_language(lang))
    assert "[security code]" in redacted and not any(ch.isdigit() for ch in redacted), redacted


@pytest.mark.parametrize("lang,said", [("en-us", "the bakery opens at 0730 on weekdays"),
                                       ("es-es", "la farmacia abre a las nueve"), ("en-us", "the new gym opens in 2026")])
def test_opening_hours_and_years_are_no_code(lang, said):
    assert secret_class(said, load_language(lang)) is None


@pytest.mark.parametrize("lang,said", [("it-it", "la password della posta è l u c a tre tre"),
                                       ("pt-pt", "a senha do email é r i t a cinco cinco")])
def test_a_password_spelled_after_a_one_letter_word_is_read_whole(lang, said):
    redacted = redact(said, load_language(lang))
    assert redacted.endswith("[password]") and not any(ch.isdigit() for ch in redacted), redacted


@pytest.mark.parametrize("lang,said", [("en-us", "my iban is g b eighty two west one two three four five six nine eight "
                                                 "seven six five four three two"),
                                       ("es-es", "mi iban es G B 8 2 WEST 1234 5698 7654 32")])
def test_an_iban_with_its_country_letters_apart_is_found(lang, said):
    assert secret_class(said, load_language(lang)) == "IBAN"


@pytest.mark.parametrize("lang,said", [("pt-pt", "o pin do cartão de débito é nove três zero seis"),
                                       ("es-es", "el código de la puerta es el mil novecientos ochenta y cuatro"),
                                       ("ca-es", "el codi de l'alarma és el mil nou-cents noranta-u")])
def test_digits_read_in_the_language_of_the_longest_run_and_a_year_after_an_article_are_a_value(lang, said):
    assert "[" in redact(said, load_language(lang))


@pytest.mark.parametrize("lang, sentence, year", [
    ("en-us", "my wife was born in 1983 and my card pin is 6620", "1983"),
    ("es-es", "el pin es 6620 y nos casamos en 2011", "2011"),
    ("de-de", "wir sind 2004 hergezogen und die PIN ist 6620", "2004"),
    ("en-us", "she lost her hairpin in 2019", "2019"),
    ("nl-nl", "mijn haarspeld en mijn hoedenpin sinds 1999", "1999"),
])
def test_a_year_beside_a_secret_or_after_a_compound_stays(lang, sentence, year):
    """A year is a date: beside a PIN (not taken back), or after a word that only ends like a keyword."""
    assert year in redact(sentence, load_language(lang))


@pytest.mark.parametrize("lang,said,value", [
    ("en-us", "the garage code is the same as our wedding day 1706", "1706"),
    ("es-es", "el pin del móvil es igual que el de la tarjeta 3958", "3958"),
    ("pt-pt", "o código do portão é o mesmo que o do escritório 8146", "8146"),
    ("de-de", "die pin vom handy ist die gleiche wie die vom tablet 2273", "2273"),
    ("ca-es", "la contrasenya del portàtil és la mateixa que la del mòbil, 6639", "6639"),
])
def test_a_value_said_the_same_as_something_and_then_said_is_a_secret(lang, said, value):
    assert value not in redact(said, load_language(lang))


@pytest.mark.parametrize("lang,said,parts", [
    ("en-us", "the safe code begins with 47 and the last two are 90", ("47", "90")),
    ("fr-fr", "mon code de porte commence par 63 et se termine par 18", ("63", "18")),
    ("it-it", "il pin della carta inizia con cinque due e finisce con otto otto", ("52", "88")),
    ("nl-nl", "de laatste drie cijfers van mijn pincode zijn 705", ("705",)),
    ("pt-pt", "os primeiros dígitos do pin são 61", ("61",)),
])
def test_the_parts_of_a_value_said_beside_its_keyword_are_secrets(lang, said, parts):
    redacted = redact(said, load_language(lang))
    assert not any(part in redacted for part in parts), redacted


@pytest.mark.parametrize("lang,said", [("es-es", "el concierto abre con 2 canciones nuevas"),
                                       ("en-us", "the race starts with 80 runners and ends with 65"),
                                       ("it-it", "il volo parte alle 0915 e inizia con 40 minuti di ritardo")])
def test_a_number_something_opens_or_starts_with_is_a_fact_unless_a_keyword_makes_it_a_secret(lang, said):
    assert secret_class(said, load_language(lang)) is None


@pytest.mark.parametrize("lang,said,value", [("en-us", "the shed opens with 5512 usually", "5512"),
                                             ("en-us", "the safe opens with 4471 twice", "4471"),
                                             ("pt-pt", "o portão abre com 5512 sempre", "5512"),
                                             ("de-de", "die tür öffnet mit 5512 immer", "5512"),
                                             ("fr-fr", "la porte s'ouvre avec 5512 toujours", "5512")])
def test_what_a_door_opens_with_is_a_code_whatever_word_follows(lang, said, value):
    """Security first: a word after the number may be an adverb, so "opens with 340 photographs" is redacted too."""
    assert value not in redact(said, load_language(lang))


@pytest.mark.parametrize("lang,said,value", [
    ("it-it", "il lucchetto della bici si apre col 2915", "2915"),
    ("es-es", "el candado de la taquilla lo abro con el 6604", "6604"),
    ("fr-fr", "mon numéro de sécu c'est le 2 91 03 75 114 208 17", "2 91 03 75 114 208 17"),
])
def test_what_one_opens_a_lock_with_and_a_spoken_id_are_secrets(lang, said, value):
    assert value not in redact(said, load_language(lang))


@pytest.mark.parametrize("lang,said", [("en-us", "call the office on 1-800-555-0199"), ("en-us", "we won 3-1 at home"),
                                       ("de-de", "geboren am 1-2-1990"), ("en-us", "my phone number is 5-5-5-1-2-3-4"),
                                       ("en-us", "my extension is 4-4-1-2"), ("en-us", "my flat is number 4-1-2-0")])
def test_numbers_in_groups_with_dashes_stay_facts(lang, said):
    assert secret_class(said, load_language(lang)) is None


@pytest.mark.parametrize("lang,said,value", [
    ("en-us", "my card is 5274 1180 3362 0917, it expires in may", "5274 1180 3362 0917"),
    ("it-it", "la mia mastercard è la 5274-1180-3362-0917", "5274-1180-3362-0917"),
    ("nl-nl", "mijn kaart is 5274.1180.3362.0917", "5274.1180.3362.0917"),
    ("ca-es", "la meva visa és la 5274 1180 3362 0917", "5274 1180 3362 0917"),
])
def test_a_card_named_alone_or_by_its_scheme_holds_a_card_number_whatever_its_checksum(lang, said, value):
    assert value not in redact(said, load_language(lang))


@pytest.mark.parametrize("lang,said", [("en-us", "my library card is valid until 2031"),
                                       ("es-es", "la tarjeta del gimnasio tiene 20 sesiones"),
                                       ("de-de", "die Landkarte ist von 1987")])
def test_a_card_with_a_number_shorter_than_a_card_number_stays_a_fact(lang, said):
    assert secret_class(said, load_language(lang)) is None


@pytest.mark.parametrize("lang,said,value", [
    ("es-es", "el código de la verja del huerto de la casa de mis suegros es 6150", "6150"),
    ("en-us", "the combination of the padlock on the shed at the back of the garden is 4471", "4471"),
    ("pt-pt", "a combinação do cadeado da bicicleta do meu irmão mais novo é 3093", "3093"),
])
def test_small_words_between_a_keyword_and_its_link_do_not_count_as_its_qualifier(lang, said, value):
    assert value not in redact(said, load_language(lang))


@pytest.mark.parametrize("lang,said,value", [("pt-pt", "a senha da rede móvel é girassol", "girassol"),
                                             ("es-es", "la contraseña del wifi nuevo es tortuga", "tortuga")])
def test_a_password_keyword_holding_of_goes_on_to_its_qualifier(lang, said, value):
    assert value not in redact(said, load_language(lang))


@pytest.mark.parametrize("lang,said,value", [("en-us", "it's 6093, our alarm code", "6093"),
                                             ("es-es", "es el 6093: el pin de mi tarjeta", "6093"),
                                             ("it-it", "6093 - il codice del cancello", "6093")])
def test_a_value_said_first_then_a_pause_and_its_keyword_is_a_secret(lang, said, value):
    assert value not in redact(said, load_language(lang))


@pytest.mark.parametrize("lang,said", [("en-us", "the pin is 7 - 3 - 0 - 9"), ("fr-fr", "le code c'est 7 / 3 / 0 / 9"),
                                       ("de-de", "die PIN ist 7 . 3 . 0 . 9")])
def test_digits_with_a_spaced_separator_are_one_value(lang, said):
    assert "7" not in redact(said, load_language(lang))


@pytest.mark.parametrize("lang,said,value", [("fr-fr", "le coffre-fort du bureau, tu composes 3-0-9-7-2", "3-0-9-7-2"),
                                             ("it-it", "la cassaforte in cantina è la 5518", "5518"),
                                             ("ca-es", "la caixa forta de l'hotel és 7730", "7730")])
def test_what_a_safe_is_said_to_be_is_its_code(lang, said, value):
    assert value not in redact(said, load_language(lang))


@pytest.mark.parametrize("lang,said", [("it-it", "la cassaforte pesa 90 chili"), ("es-es", "la caja fuerte costó 250 euros")])
def test_what_a_safe_weighs_or_costs_stays_a_fact(lang, said):
    assert secret_class(said, load_language(lang)) is None


@pytest.mark.parametrize("lang,sentence,kind", [
    # A new value said in the future or as what a code was changed to
    ("pt-pt", "o código do portão vai ser o 7-3-1-9", "security code"),
    ("fr-fr", "j'ai mis le code de l'alarme pour 2.4.6.8", "security code"),
    ("es-es", "mi nuevo pin va a ser el 5830", "PIN"),
    ("de-de", "meine neue pin wird 9021", "PIN"),
    ("nl-nl", "mijn pincode wordt 4417", "PIN"),
    ("it-it", "il codice del cancello sarà 6612", "security code"),
    # a future or a purpose with an ordinary number is none
    ("pt-pt", "o meu filho vai ser médico aos 30", None),
    ("fr-fr", "j'ai payé le code de la route pour 1200 euros", None),
])
def test_a_value_said_as_what_it_will_be_or_was_changed_to(lang, sentence, kind):
    assert secret_class(sentence, load_language(lang)) == kind


@pytest.mark.parametrize("lang, said, value", [
    ("en-us", "the answer to my security question is the name of my first dog rex", "rex"),
    ("en-us", "my memorable word is marmalade", "marmalade"),
    ("es-es", "la respuesta de seguridad es el pueblo de mi abuela valdelacasa", "valdelacasa"),
    ("fr-fr", "la réponse à la question secrète c'est moustache le nom de mon premier chat", "moustache"),
    ("de-de", "die antwort auf meine sicherheitsfrage ist bello unser erster hund", "bello"),
    ("it-it", "la risposta segreta è il cognome di mia nonna ferraresi", "ferraresi"),
    ("pt-pt", "a resposta à pergunta de segurança é tareco", "tareco"),
    ("nl-nl", "het antwoord op de beveiligingsvraag is snuffie", "snuffie"),
    ("ca-es", "la resposta secreta és el nom del meu primer gos en rovelló", "rovelló"),
    # said on into more talk: the talk after it goes too, never the answer
    ("en-us", "my security answer is fluffy and tomorrow i have a dentist appointment at nine with doctor lee", "fluffy"),
    ("es-es", "mi respuesta de seguridad es pelusa y mañana tengo cita con el dentista a las nueve", "pelusa"),
])
def test_a_security_answer_and_what_it_is_said_with_are_a_secret(lang, said, value):
    language = load_language(lang)
    assert secret_class(said, language) == "security answer"
    assert value not in redact(said, language)


@pytest.mark.parametrize("lang, said", [("en-us", "the answer is 42"), ("en-us", "my answer to the quiz was paris"),
                                        ("fr-fr", "la réponse de mon fils était fausse"),
                                        ("es-es", "la palabra secreta del juego de los niños es plátano"),
                                        ("it-it", "la parola segreta del gioco dei bambini è banana")])
def test_an_answer_to_anything_else_is_no_secret(lang, said):
    assert secret_class(said, load_language(lang)) is None


@pytest.mark.parametrize("lang, said, value", [
    ("en-us", "my security answers are biscuit and harbour street", "harbour"),
    ("de-de", "meine sicherheitsantworten sind bello und lindenweg", "lindenweg"),
    ("es-es", "mis respuestas de seguridad son toby y calle mayor", "toby"),
    ("nl-nl", "mijn beveiligingsantwoorden zijn snuf en dorpsplein", "dorpsplein"),
])
def test_several_security_answers_are_a_secret(lang, said, value):
    assert value not in redact(said, load_language(lang))


@pytest.mark.parametrize("lang, said, value", [
    # the answer after the question, or before it
    ("en-us", "for the security question about my first school i put lakeside", "lakeside"),
    ("de-de", "meine erste lehrerin hieß frau obermaier das habe ich bei der sicherheitsfrage angegeben", "obermaier"),
    ("fr-fr", "à la question secrète j'ai mis l'adresse de l'école d'été d'hugo qu'il aimait tant c'était l'impasse des lilas",
     "lilas"),
    ("it-it", "alla domanda di sicurezza ho risposto pinocchio", "pinocchio"),
    ("pt-pt", "na pergunta de segurança pus o nome da minha avó albertina", "albertina"),
    ("ca-es", "a la pregunta de seguretat vaig posar montserrat", "montserrat"),
    ("nl-nl", "bij de beveiligingsvraag heb ik de naam van mijn eerste kat gezet minoes", "minoes"),
    ("es-es", "en la pregunta de seguridad del banco puse valdepeñas", "valdepeñas"),
])
def test_a_sentence_naming_a_security_question_is_a_secret_whichever_side_the_answer(lang, said, value):
    language = load_language(lang)
    assert secret_class(said, language) == "security answer"
    assert value not in redact(said, language)


def test_only_the_sentence_naming_a_security_question_goes():
    said = "I like tea. For my security question I put biscuit. My son is Tom."
    assert redact(said, load_language("en-us")) == "I like tea. [security answer]. My son is Tom."


@pytest.mark.parametrize("lang, said, values", [
    # a password said on into more talk, or taken back and said again: the talk after it goes too
    ("en-us", "the wifi password is purple harbour lantern all lowercase with no spaces", ("harbour", "lantern")),
    ("de-de", "das wlan passwort ist grüner tiger springt alles klein geschrieben", ("tiger", "springt")),
    ("fr-fr", "le mot de passe c'est lapin rose fusée et le code postal c'est 75011", ("lapin", "fusée")),
    ("es-es", "la contraseña es luna azul brillante sobre el mar de noche con estrellas no espera perdona es sol rojo",
     ("azul", "rojo")),
    # a value said as what it was changed to, a code said again after a word of "no"
    ("nl-nl", "ik heb mijn wachtwoord veranderd in zeemeeuw", ("zeemeeuw",)),
    ("en-us", "i changed my banking password to copper kettle today", ("kettle",)),
    ("pt-pt", "o código do portão é quatro sete um não espera é quatro sete um nove", ("4719",)),
    # a password past a link that is none ("to"), or holding a title's full stop
    ("en-us", "the password to the garage door app is purple harbour", ("harbour",)),
    ("en-us", "the password to the garage door app is purple harbour all lowercase and my son is tom", ("harbour",)),
    ("en-us", "My password is Mr. Whiskers 42", ("Whiskers",)),
    ("en-us", "the wifi password is rocket banana cherry written as one word", ("banana",)),  # not past "as"
])
def test_a_password_said_on_taken_back_or_changed_to_is_a_secret(lang, said, values):
    redacted = redact(said, load_language(lang))
    assert not any(value in redacted for value in values), redacted


@pytest.mark.parametrize("lang, said, kept", [
    ("en-us", "my password is tulips. my son is tom", "my son is tom"),  # the next sentence
    ("en-us", "the wifi password is purple harbour all lowercase and my daughter emma is coming on friday",
     "my daughter emma is coming"),  # the next clause
    ("en-us", "the netflix password is shared with my brother carlos who lives in madrid", "carlos who lives in madrid"),
    ("en-us", "the gate code is 4821 no problem and my phone number is 555 0134", "555 0134"),  # no repair
    ("en-us", "my pin is 4821 i mean my phone number is 555 0134", "555 0134"),  # another thing named after it
    ("en-us", "Set up her bank security questions with help from her daughter Emma, who lives in Boston.",
     "who lives in Boston"),  # a written clause
    ("en-us", "the bank asked me a security question when i called and my daughter anna is visiting on sunday",
     "my daughter anna is visiting"),
    ("en-us", "i work as a nurse at st mary's and i hate security questions", "i work as a nurse"),
    ("fr-fr", "pour des questions de sécurité ma fille camille ne prend pas le vélo", "ma fille camille"),  # safety
    ("de-de", "ich fahre nie ohne helm das ist eine sicherheitsfrage mein sohn heißt paul", "mein sohn heißt paul"),
])
def test_the_talk_beside_a_password_a_code_or_a_security_question_stays(lang, said, kept):
    assert kept in redact(said, load_language(lang))
