"""Synthetic people and places: clinics, dentists and patients from several countries.

Every name is invented from common first and last names of each language (with their
diacritics); addresses use real city names with made-up streets and numbers. Nothing refers to a
real person or practice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = ["COUNTRIES", "Country", "Person", "clinic_name", "make_person"]


@dataclass(frozen=True, slots=True)
class Country:
    code: str
    name: str
    phone_prefix: str
    mail_domain: str
    cities: tuple[tuple[str, str], ...]  # (zip, city)
    streets: tuple[str, ...]
    male: tuple[str, ...]
    female: tuple[str, ...]
    last: tuple[str, ...]
    clinic_patterns: tuple[str, ...]  # {last} and {city} are filled in
    title: str


@dataclass(frozen=True, slots=True)
class Person:
    first_name: str
    last_name: str
    gender: str  # M or F

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"


COUNTRIES: tuple[Country, ...] = (
    Country(
        "DE",
        "Deutschland",
        "+49",
        "praxis.de",
        (("80331", "München"), ("50667", "Köln"), ("20095", "Hamburg"), ("01067", "Dresden")),
        ("Schönhauser Straße", "Bahnhofstraße", "Am Mühlenteich", "Lindenallee", "Königsweg"),
        ("Jürgen", "Lukas", "Matthias", "Jörg", "Felix", "Björn"),
        ("Käthe", "Sophie", "Jülide", "Anja", "Bärbel", "Leonie"),
        ("Müller", "Schröder", "Weiß", "Größmann", "Krämer", "Hoffmann", "Vogt"),
        ("Zahnarztpraxis Dr. {last}", "Zahnzentrum {city}", "Praxis am Markt {city}"),
        "Dr. med. dent.",
    ),
    Country(
        "AT",
        "Österreich",
        "+43",
        "zahnarzt.at",
        (("1010", "Wien"), ("5020", "Salzburg"), ("8010", "Graz")),
        ("Mariahilfer Straße", "Getreidegasse", "Herrengasse"),
        ("Florian", "Stefan", "Günther"),
        ("Theresa", "Magdalena", "Lea"),
        ("Gruber", "Huber", "Pöschl", "Wallner"),
        ("Ordination Dr. {last}", "Zahngesundheit {city}"),
        "DDr.",
    ),
    Country(
        "FR",
        "France",
        "+33",
        "cabinet-dentaire.fr",
        (("75011", "Paris"), ("69002", "Lyon"), ("13001", "Marseille"), ("33000", "Bordeaux")),
        ("rue de la Roquette", "avenue Jean-Jaurès", "boulevard Saint-Michel", "place Bellecour"),
        ("François", "Benoît", "Jérôme", "Loïc", "Mathéo"),
        ("Hélène", "Chloé", "Noémie", "Océane", "Françoise"),
        ("Lefèvre", "Bérenger", "Moreau", "Dupré", "Garçon", "Roché"),
        ("Cabinet dentaire {last}", "Centre dentaire de {city}", "Clinique du Sourire {city}"),
        "Dr",
    ),
    Country(
        "ES",
        "España",
        "+34",
        "clinicadental.es",
        (("28013", "Madrid"), ("08002", "Barcelona"), ("41001", "Sevilla"), ("46001", "València")),
        ("Calle de Alcalá", "Carrer de Balmes", "Avenida de la Constitución", "Calle Peñalver"),
        ("José", "Íñigo", "Martín", "Andrés", "Joaquín"),
        ("María", "Begoña", "Inés", "Lucía", "Ángela"),
        ("García", "Muñoz", "Fernández", "Ibáñez", "Núñez", "Peña"),
        ("Clínica Dental {last}", "Centro Odontológico {city}"),
        "Dra.",
    ),
    Country(
        "PL",
        "Polska",
        "+48",
        "stomatologia.pl",
        (("00-001", "Warszawa"), ("30-001", "Kraków"), ("80-001", "Gdańsk"), ("50-001", "Wrocław")),
        ("ul. Marszałkowska", "ul. Świętokrzyska", "ul. Długa", "al. Grunwaldzka"),
        ("Łukasz", "Michał", "Paweł", "Wojciech", "Grzegorz"),
        ("Małgorzata", "Agnieszka", "Żaneta", "Joanna", "Zofia"),
        ("Wiśniewski", "Kowalczyk", "Wójcik", "Zieliński", "Szymański", "Dąbrowski"),
        ("Gabinet Stomatologiczny {last}", "Centrum Stomatologii {city}"),
        "lek. dent.",
    ),
    Country(
        "SE",
        "Sverige",
        "+46",
        "tandvard.se",
        (("111 20", "Stockholm"), ("411 01", "Göteborg"), ("211 18", "Malmö")),
        ("Drottninggatan", "Kungsgatan", "Storgatan", "Västra Hamngatan"),
        ("Åke", "Björn", "Måns", "Olle", "Göran"),
        ("Åsa", "Märta", "Linnéa", "Saga", "Ingrid"),
        ("Öberg", "Åström", "Lindqvist", "Sjögren", "Ekström", "Häggström"),
        ("Tandläkarna {city}", "{last}s Tandvård"),
        "Tandläkare",
    ),
    Country(
        "GR",
        "Ελλάδα",
        "+30",
        "odontiatreio.gr",
        (("105 52", "Αθήνα"), ("546 24", "Θεσσαλονίκη"), ("262 21", "Πάτρα")),
        ("Οδός Ερμού", "Λεωφόρος Συγγρού", "Οδός Τσιμισκή"),
        ("Γιώργος", "Δημήτρης", "Νίκος", "Κωνσταντίνος"),
        ("Ελένη", "Μαρία", "Κατερίνα", "Σοφία"),
        ("Παπαδόπουλος", "Οικονόμου", "Γεωργίου", "Καραγιάννης"),
        ("Οδοντιατρείο {last}", "Οδοντιατρικό Κέντρο {city}"),
        "Δρ.",
    ),
    Country(
        "TR",
        "Türkiye",
        "+90",
        "dishekimligi.com.tr",
        (("34433", "İstanbul"), ("06420", "Ankara"), ("35210", "İzmir")),
        ("İstiklal Caddesi", "Atatürk Bulvarı", "Kıbrıs Şehitleri Caddesi"),
        ("Çağrı", "Oğuz", "Emre", "Barış", "İlker"),
        ("Gülşen", "Şule", "Ayşe", "Özlem", "Çiğdem"),
        ("Yılmaz", "Öztürk", "Şahin", "Çelik", "Aydın", "Kılıç"),
        ("{last} Ağız ve Diş Sağlığı", "{city} Diş Kliniği"),
        "Dt.",
    ),
    Country(
        "NL",
        "Nederland",
        "+31",
        "tandarts.nl",
        (("1012 AB", "Amsterdam"), ("3011 AD", "Rotterdam"), ("3511 LX", "Utrecht")),
        ("Keizersgracht", "Coolsingel", "Oudegracht", "Prinsengracht"),
        ("Daan", "Sjoerd", "Bram", "Joël"),
        ("Anouk", "Eefje", "Floor", "Ilse"),
        ("de Vries", "van der Berg", "Jansen", "van Dijk", "Bakker", "IJzerman"),
        ("Tandartspraktijk {last}", "Mondzorg {city}"),
        "Tandarts",
    ),
    Country(
        "PT",
        "Portugal",
        "+351",
        "clinica.pt",
        (("1100-148", "Lisboa"), ("4000-322", "Porto"), ("3000-214", "Coimbra")),
        ("Rua Augusta", "Avenida da Liberdade", "Rua de Santa Catarina"),
        ("João", "Gonçalo", "Tomás", "Simão"),
        ("Inês", "Conceição", "Beatriz", "Leonor"),
        ("Gonçalves", "Magalhães", "Araújo", "Simões", "Conceição"),
        ("Clínica Dentária {last}", "Sorriso {city}"),
        "Dra.",
    ),
)


def make_person(rng: random.Random, country: Country, gender: str | None = None) -> Person:
    gender = gender or rng.choice(("M", "F"))
    first = rng.choice(country.male if gender == "M" else country.female)
    last = rng.choice(country.last)
    if country.code == "PL" and gender == "F" and last.endswith("ski"):
        last = last[:-1] + "a"  # Polish surnames agree with gender
    if country.code == "GR" and gender == "F" and last.endswith("ος"):
        last = last[:-2] + "ου"
    elif country.code == "GR" and gender == "F" and last.endswith("ης"):
        last = last[:-2] + "η"
    return Person(first, last, gender)


def clinic_name(rng: random.Random, country: Country, owner: Person, city: str) -> str:
    pattern = rng.choice(country.clinic_patterns)
    return pattern.format(last=owner.last_name, city=city)
