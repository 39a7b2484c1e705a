"""The people of a case in wire form: the customer (clinic and dentist) and the patient.

Each organisation has a fixed pool of customer clinics (24 across ten countries for the dental
laboratory, 6 German ones for the orthodontic practice), each with one to three dentists.
Patients mostly share their clinic's country. Some identifiers are left null, as portals do.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from functools import lru_cache
from typing import Any

from scaninbox.sandbox.people import COUNTRIES, Country, Person, clinic_name, make_person

__all__ = ["Customer", "customer_json", "patient_json", "pick_customer"]

Customer = tuple[Country, dict[str, Any], tuple[Person, ...]]


@lru_cache(maxsize=8)
def _clinics(seed: int, org_key: str) -> tuple[Customer, ...]:
    rng = random.Random(f"{seed}:{org_key}:clinics")
    clinics = []
    for number in range(24 if org_key == "demo" else 6):
        country = COUNTRIES[number % len(COUNTRIES)] if org_key == "demo" else COUNTRIES[0]
        dentists = tuple(make_person(rng, country) for _ in range(rng.randint(1, 3)))
        zip_code, city = rng.choice(country.cities)
        street = f"{rng.choice(country.streets)} {rng.randint(1, 160)}"
        if country.code == "FR":  # the house number comes first there
            street = f"{rng.randint(1, 160)} {rng.choice(country.streets)}"
        phone = f"{country.phone_prefix} {rng.randint(10, 99)} {rng.randint(100000, 9999999)}"
        town = city.lower().replace(" ", "")[:8]
        clinic = {
            "externalId": f"C-{rng.randint(1000, 99999)}",
            "name": clinic_name(rng, country, dentists[0], city),
            "address": street,
            "zip": zip_code,
            "city": city,
            "country": country.name,
            "fullAddress": f"{street}, {zip_code} {city}, {country.name}",
            "phoneNumber": phone,
            "mailAddress": f"info@{town}-{number}.{country.mail_domain}",
        }
        clinics.append((country, clinic, dentists))
    return tuple(clinics)


def pick_customer(rng: random.Random, seed: int, org_key: str) -> Customer:
    return rng.choice(_clinics(seed, org_key))


def customer_json(rng: random.Random, customer: Customer, case_index: int) -> dict[str, Any]:
    country, clinic, dentists = customer
    dentist = rng.choice(dentists)
    mail = clinic["mailAddress"].replace("info@", f"{dentist.first_name[0].lower()}.{case_index}@")
    return {
        "clinic": dict(clinic, externalId=clinic["externalId"] if rng.random() < 0.85 else None),
        "dentist": {
            "externalId": f"D{rng.randint(100, 9999)}" if rng.random() < 0.8 else None,
            "firstName": dentist.first_name,
            "lastName": dentist.last_name,
            "fullName": f"{_title(country, dentist)} {dentist.full_name}",
            "phoneNumber": clinic["phoneNumber"],
            "mailAddress": None if rng.random() < 0.3 else mail,
        },
    }


def patient_json(
    rng: random.Random, customer: Customer, received: date, *, young: bool
) -> tuple[dict[str, Any], Person]:
    """The patient (a teenager or young adult for orthodontics) and who it is."""
    country = customer[0] if rng.random() < 0.8 else rng.choice(COUNTRIES)
    person = make_person(rng, country)
    years = rng.randint(12, 35) if young else rng.randint(19, 86)
    born = received - timedelta(days=365 * years + rng.randint(0, 364))
    reference = rng.choice(
        (f"{rng.randint(100, 99999)}", f"P-{received.year}-{rng.randint(1, 9999):04d}", None)
    )
    return {
        "externalId": f"PAT-{rng.randint(10000, 999999)}" if rng.random() < 0.85 else None,
        "gender": person.gender,
        "firstName": person.first_name,
        "lastName": person.last_name,
        "fullName": person.full_name,
        "referenceNo": reference,
        "dateOfBirth": born.isoformat(),
    }, person


def _title(country: Country, dentist: Person) -> str:
    if country.code in ("ES", "PT"):  # the title agrees with gender there
        return "Dra." if dentist.gender == "F" else "Dr."
    return country.title
