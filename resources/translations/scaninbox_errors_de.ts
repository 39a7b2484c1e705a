<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>ApiError</name>
    <message>
        <source>You are not signed in to the inbox service</source>
        <translation>Sie sind beim Inbox-Dienst nicht angemeldet</translation>
    </message>
    <message>
        <source>Your session ended and the inbox service no longer accepts the saved e-mail address and password; please sign in again</source>
        <translation>Ihre Sitzung ist abgelaufen, und der Inbox-Dienst akzeptiert die gespeicherte E-Mail-Adresse und das Passwort nicht mehr. Bitte melden Sie sich erneut an</translation>
    </message>
    <message>
        <source>{service} did not answer the sign-in within {seconds} seconds</source>
        <translation>{service} hat nicht innerhalb von {seconds} Sekunden auf die Anmeldung geantwortet</translation>
    </message>
    <message>
        <source>The service answered the sign-in with a redirect to an unusable address</source>
        <translation>Der Dienst hat die Anmeldung an eine unbrauchbare Adresse weitergeleitet</translation>
    </message>
    <message>
        <source>The service&apos;s answer to {what} grows more than {times} times when decompressed; it was refused as a possible decompression bomb</source>
        <translation>Die Antwort des Dienstes ({what}) wird beim Entpacken mehr als {times}-mal so groß. Sie wurde abgelehnt, weil sie eine Dekomprimierungsbombe sein könnte</translation>
    </message>
    <message>
        <source>The service&apos;s answer to {what} is compressed ({encoding}) but cannot be decompressed</source>
        <translation>Die Antwort des Dienstes ({what}) ist komprimiert ({encoding}), lässt sich aber nicht entpacken</translation>
    </message>
    <message>
        <source>The service&apos;s answer to {what} is larger than {size}; it was not read</source>
        <translation>Die Antwort des Dienstes ({what}) ist größer als {size} und wurde nicht gelesen</translation>
    </message>
    <message>
        <source>The folder template uses {field}; it may use {known}</source>
        <translation>Die Ordnervorlage verwendet {field}. Erlaubt sind: {known}</translation>
    </message>
    <message>
        <source>The folder template must use at least one field, e.g. {example}</source>
        <translation>Die Ordnervorlage muss mindestens ein Feld verwenden, z. B. {example}</translation>
    </message>
    <message>
        <source>{service} did not send {what} within {seconds} seconds</source>
        <translation>{service} hat {what} nicht innerhalb von {seconds} Sekunden gesendet</translation>
    </message>
    <message>
        <source>{service} answered {what} with a redirect to an unusable address</source>
        <translation>{service} hat an eine unbrauchbare Adresse weitergeleitet (Anfrage: {what})</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>keine Antwort</translation>
    </message>
    <message>
        <source>File storage kept refusing the download link for {name} (it expired again and again); check this computer&apos;s clock and try again</source>
        <translation>Der Dateispeicher hat die Download-Adresse für {name} immer wieder abgelehnt (sie war jedes Mal abgelaufen). Prüfen Sie die Uhrzeit dieses Computers und versuchen Sie es erneut</translation>
    </message>
    <message numerus="yes">
        <source>Downloading {name} failed after %n attempt(s): {problem}</source>
        <translation>
            <numerusform>Das Herunterladen von {name} ist nach %n Versuch gescheitert: {problem}</numerusform>
            <numerusform>Das Herunterladen von {name} ist nach %n Versuchen gescheitert: {problem}</numerusform>
        </translation>
    </message>
    <message>
        <source>File storage sent {name} too slowly (less than {size} a second after the first {seconds} seconds); the download was stopped</source>
        <translation>Der Dateispeicher hat {name} zu langsam gesendet (weniger als {size} pro Sekunde nach den ersten {seconds} Sekunden). Der Download wurde abgebrochen</translation>
    </message>
    <message>
        <source>File storage cannot send {name}: {problem}</source>
        <translation>Der Dateispeicher kann {name} nicht senden: {problem}</translation>
    </message>
    <message>
        <source>file storage could not be reached ({reason})</source>
        <translation>der Dateispeicher war nicht erreichbar ({reason})</translation>
    </message>
    <message>
        <source>File storage redirected the download of {name} too often</source>
        <translation>Der Dateispeicher hat den Download von {name} zu oft weitergeleitet</translation>
    </message>
    <message>
        <source>file storage refused the link (HTTP {status})</source>
        <translation>der Dateispeicher hat die Download-Adresse abgelehnt (HTTP {status})</translation>
    </message>
    <message>
        <source>File storage no longer has {name}</source>
        <translation>Der Dateispeicher hat {name} nicht mehr</translation>
    </message>
    <message>
        <source>file storage could not resume the download</source>
        <translation>der Dateispeicher konnte den Download nicht fortsetzen</translation>
    </message>
    <message>
        <source>file storage is not available (HTTP {status})</source>
        <translation>der Dateispeicher ist gerade nicht verfügbar (HTTP {status})</translation>
    </message>
    <message>
        <source>File storage refused to send {name} (HTTP {status})</source>
        <translation>Der Dateispeicher hat das Senden von {name} verweigert (HTTP {status})</translation>
    </message>
    <message>
        <source>file storage sent a different part of the file than asked for</source>
        <translation>der Dateispeicher hat einen anderen Teil der Datei gesendet als angefordert</translation>
    </message>
    <message>
        <source>File storage announces {name} as {size}, more than the {limit} this program accepts for one file</source>
        <translation>Der Dateispeicher gibt {name} mit {size} an. Das ist mehr als die {limit}, die dieses Programm für eine Datei annimmt</translation>
    </message>
    <message>
        <source>File storage sent {name} compressed so that it grows more than {times} times; it was refused as a possible decompression bomb</source>
        <translation>Der Dateispeicher hat {name} so komprimiert gesendet, dass die Datei beim Entpacken mehr als {times}-mal so groß wird. Sie wurde abgelehnt, weil sie eine Dekomprimierungsbombe sein könnte</translation>
    </message>
    <message>
        <source>File storage sent {name} compressed in a way that cannot be decompressed</source>
        <translation>Der Dateispeicher hat {name} so komprimiert gesendet, dass die Datei sich nicht entpacken lässt</translation>
    </message>
    <message>
        <source>File storage sent more of {name} than the {total} bytes it announced; the download was stopped</source>
        <translation>Der Dateispeicher hat von {name} mehr als die angekündigten {total} Bytes gesendet. Der Download wurde abgebrochen</translation>
    </message>
    <message>
        <source>File storage sent more than {size} of {name} without saying how large it is; the download was stopped</source>
        <translation>Der Dateispeicher hat mehr als {size} von {name} gesendet, ohne die Größe anzugeben. Der Download wurde abgebrochen</translation>
    </message>
    <message>
        <source>File storage redirected the download of {name} to an unusable address</source>
        <translation>Der Dateispeicher hat den Download von {name} an eine unbrauchbare Adresse weitergeleitet</translation>
    </message>
    <message>
        <source>its address is not a usable web address</source>
        <translation>die Download-Adresse ist keine brauchbare Webadresse</translation>
    </message>
    <message>
        <source>the connection was cut after {done} of {total} bytes</source>
        <translation>die Verbindung brach nach {done} von {total} Bytes ab</translation>
    </message>
    <message>
        <source>the connection was cut after {done} bytes</source>
        <translation>die Verbindung brach nach {done} Bytes ab</translation>
    </message>
    <message>
        <source>There is not enough disk space to save {name} in {where}</source>
        <translation>Es ist nicht genug Speicherplatz frei, um {name} zu speichern ({where})</translation>
    </message>
    <message>
        <source>{name} could not be saved in {where}: {reason}</source>
        <translation>{name} konnte nicht gespeichert werden ({where}): {reason}</translation>
    </message>
    <message>
        <source>The inbox service refused the request</source>
        <translation>Der Inbox-Dienst hat die Anfrage abgelehnt</translation>
    </message>
    <message>
        <source>The inbox service did not accept the request</source>
        <translation>Der Inbox-Dienst hat die Anfrage nicht angenommen</translation>
    </message>
    <message>
        <source>The inbox service did not accept the sign-in</source>
        <translation>Der Inbox-Dienst hat die Anmeldung nicht angenommen</translation>
    </message>
    <message>
        <source>Your session has ended; please sign in again</source>
        <translation>Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an</translation>
    </message>
    <message>
        <source>Your account may not open this (it belongs to another organisation)</source>
        <translation>Ihr Konto darf dies nicht öffnen (es gehört zu einer anderen Organisation)</translation>
    </message>
    <message>
        <source>The inbox service does not know this case or file</source>
        <translation>Der Inbox-Dienst kennt diesen Fall oder diese Datei nicht</translation>
    </message>
    <message>
        <source>The inbox service is busy and asked to slow down; try again in a moment</source>
        <translation>Der Inbox-Dienst ist gerade ausgelastet und bittet um weniger Anfragen. Versuchen Sie es gleich noch einmal</translation>
    </message>
    <message>
        <source>The inbox service had an internal problem; try again later</source>
        <translation>Der Inbox-Dienst ist gerade nicht erreichbar oder hatte einen internen Fehler. Versuchen Sie es später erneut</translation>
    </message>
    <message>
        <source>{message} (HTTP {status})</source>
        <translation>{message}. Technische Angabe: HTTP {status}</translation>
    </message>
    <message>
        <source>{message} — {server_text}</source>
        <translation>{message}. Der Dienst meldet: {server_text}</translation>
    </message>
    <message>
        <source>The service sent page {page} again when asked for page {asked}; the list of cases was read only up to there and may be incomplete</source>
        <translation>Der Dienst hat auf die Anfrage nach Seite {asked} erneut Seite {page} gesendet. Die Liste der Fälle wurde nur bis dahin gelesen und ist möglicherweise unvollständig</translation>
    </message>
    <message>
        <source>The service sent page {page} with only cases it had sent before; the list of cases was read only up to there and may be incomplete</source>
        <translation>Der Dienst hat Seite {page} nur mit bereits gesendeten Fällen geschickt. Die Liste der Fälle wurde nur bis dahin gelesen und ist möglicherweise unvollständig</translation>
    </message>
    <message>
        <source>The list of cases has more than {max_pages} pages; reading stopped there ({read} of the {total} cases the service counts)</source>
        <translation>Die Liste der Fälle hat mehr als {max_pages} Seiten. Das Lesen wurde dort beendet ({read} der {total} Fälle, die der Dienst zählt)</translation>
    </message>
    <message numerus="yes">
        <source>{reason} (and %n more problem(s))</source>
        <translation>
            <numerusform>{reason} (und %n weiteres Problem)</numerusform>
            <numerusform>{reason} (und %n weitere Probleme)</numerusform>
        </translation>
    </message>
    <message>
        <source>The service sent an impossible page (page {page}, page size {page_size}, total {total})</source>
        <translation>Der Dienst hat eine unmögliche Seite gesendet (Seite {page}, Seitengröße {page_size}, insgesamt {total})</translation>
    </message>
    <message>
        <source>The service sent {what} in a form this program cannot read ({detail})</source>
        <translation>Der Dienst hat {what} in einer Form gesendet, die dieses Programm nicht lesen kann ({detail})</translation>
    </message>
    <message>
        <source>The service sent {what} that is not valid JSON</source>
        <translation>Der Dienst hat {what} gesendet, aber nicht als gültiges JSON</translation>
    </message>
    <message>
        <source>The service sent {what} nested too deeply to read</source>
        <translation>Der Dienst hat {what} zu tief verschachtelt gesendet; dieses Programm kann die Antwort nicht lesen</translation>
    </message>
    <message>
        <source>{service} sent {what} as {content_type} instead of JSON; is the service address right?</source>
        <translation>{service} hat {what} als {content_type} statt als JSON gesendet. Ist die Adresse des Dienstes richtig?</translation>
    </message>
    <message>
        <source>Case {ref} could not be read ({field}): {reason}</source>
        <translation>Fall {ref} konnte nicht gelesen werden ({field}): {reason}</translation>
    </message>
    <message>
        <source>Case {ref} could not be read: {reason}</source>
        <translation>Fall {ref} konnte nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>The case at position {position} could not be read ({field}): {reason}</source>
        <translation>Der Fall an Position {position} konnte nicht gelesen werden ({field}): {reason}</translation>
    </message>
    <message>
        <source>The case at position {position} could not be read: {reason}</source>
        <translation>Der Fall an Position {position} konnte nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>The certificate authority file {path} cannot be used ({reason})</source>
        <translation>Die Datei der Zertifizierungsstelle {path} kann nicht verwendet werden ({reason})</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>nicht lesbar</translation>
    </message>
    <message>
        <source>the proxy server {proxy} could not be reached ({reason})</source>
        <translation>der Proxyserver {proxy} ist nicht erreichbar ({reason})</translation>
    </message>
    <message>
        <source>the proxy server {proxy} named in this computer&apos;s settings is not supported (only http:// and https:// proxies are)</source>
        <translation>der in den Einstellungen dieses Computers eingetragene Proxyserver {proxy} wird nicht unterstützt (nur http:// und https:// sind möglich)</translation>
    </message>
    <message>
        <source>the proxy server {proxy} named in this computer&apos;s settings is not a usable address</source>
        <translation>der in den Einstellungen dieses Computers eingetragene Proxyserver {proxy} hat keine brauchbare Adresse</translation>
    </message>
    <message>
        <source>unknown reason</source>
        <translation>unbekannter Grund</translation>
    </message>
    <message>
        <source>The security certificate of {what} could not be verified ({reason}); if your lab uses its own certificate authority, set network.ca_bundle in the settings</source>
        <translation>Das Sicherheitszertifikat konnte nicht geprüft werden ({reason}), betroffen ist {what}. Falls Ihr Labor eine eigene Zertifizierungsstelle verwendet, tragen Sie diese in den Einstellungen unter network.ca_bundle ein</translation>
    </message>
    <message>
        <source>A secure connection to {what} could not be set up ({reason})</source>
        <translation>Es konnte keine sichere Verbindung aufgebaut werden ({reason}), betroffen ist {what}</translation>
    </message>
    <message>
        <source>{what} did not answer in time</source>
        <translation>{what} hat nicht rechtzeitig geantwortet</translation>
    </message>
    <message>
        <source>The address of {what} is not a web address</source>
        <translation>Die Adresse ist keine Webadresse ({what})</translation>
    </message>
    <message>
        <source>The connection to {what} was interrupted: {reason}</source>
        <translation>Die Verbindung zu {what} wurde unterbrochen: {reason}</translation>
    </message>
    <message>
        <source>Could not connect to {what}: {reason}; check the network</source>
        <translation>Keine Verbindung: {what} ist nicht erreichbar – {reason}. Bitte prüfen Sie die Netzwerkverbindung</translation>
    </message>
    <message>
        <source>Could not reach {what} through the proxy server ({reason})</source>
        <translation>Über den Proxyserver ist {what} nicht erreichbar ({reason})</translation>
    </message>
    <message>
        <source>Could not reach {what} through the proxy server</source>
        <translation>Über den Proxyserver ist {what} nicht erreichbar</translation>
    </message>
    <message>
        <source>{address} is not a usable web address</source>
        <translation>{address} ist keine brauchbare Webadresse</translation>
    </message>
    <message>
        <source>{address} is not a web address; it should look like https://inbox.example.com</source>
        <translation>{address} ist keine Webadresse. Sie sollte etwa so aussehen: https://inbox.example.com</translation>
    </message>
    <message>
        <source>The service address must not contain a user name or password</source>
        <translation>Die Adresse des Dienstes darf keinen Benutzernamen und kein Passwort enthalten</translation>
    </message>
    <message>
        <source>The service address {address} must not contain &apos;?&apos; or &apos;#&apos;</source>
        <translation>Die Adresse des Dienstes {address} darf kein „?“ und kein „#“ enthalten</translation>
    </message>
    <message>
        <source>The service address {address} is not encrypted (http://); use https:// (plain http is only allowed to this computer)</source>
        <translation>Die Adresse des Dienstes {address} ist nicht verschlüsselt (http://). Verwenden Sie https:// (unverschlüsseltes http ist nur zu diesem Computer erlaubt)</translation>
    </message>
    <message>
        <source>its address contains spaces or control characters</source>
        <translation>die Download-Adresse enthält Leerzeichen oder Steuerzeichen</translation>
    </message>
    <message>
        <source>its address has an impossible host or port</source>
        <translation>die Download-Adresse hat einen unmöglichen Host oder Port</translation>
    </message>
    <message>
        <source>no scheme</source>
        <translation>kein Schema</translation>
    </message>
    <message>
        <source>its address is not a web address ({scheme})</source>
        <translation>die Download-Adresse ist keine Webadresse ({scheme})</translation>
    </message>
    <message>
        <source>its address is not encrypted (http://) and is not this computer</source>
        <translation>die Download-Adresse ist nicht verschlüsselt (http://) und zeigt nicht auf diesen Computer</translation>
    </message>
</context>
<context>
    <name>ApiWhat</name>
    <message>
        <source>the sign-in</source>
        <translation>die Anmeldung</translation>
    </message>
    <message>
        <source>your account details</source>
        <translation>Ihre Kontodaten</translation>
    </message>
    <message>
        <source>the list of scanner portals</source>
        <translation>die Liste der Scanner-Portale</translation>
    </message>
    <message>
        <source>the list of your organisation&apos;s portals</source>
        <translation>die Liste der Portale Ihrer Organisation</translation>
    </message>
    <message>
        <source>case {ref}</source>
        <translation>Fall {ref}</translation>
    </message>
    <message>
        <source>the download link for {name}</source>
        <translation>die Download-Adresse für {name}</translation>
    </message>
    <message>
        <source>the order form link of case {ref}</source>
        <translation>die Adresse des Auftragsformulars von Fall {ref}</translation>
    </message>
    <message>
        <source>file storage</source>
        <translation>der Dateispeicher</translation>
    </message>
    <message>
        <source>the inbox service at {host}</source>
        <translation>der Inbox-Dienst unter {host}</translation>
    </message>
    <message>
        <source>the list of cases</source>
        <translation>die Liste der Fälle</translation>
    </message>
</context>
<context>
    <name>AxisMapping</name>
    <message>
        <source>it is empty</source>
        <translation>sie ist leer</translation>
    </message>
    <message>
        <source>{text} is not a signed axis such as x or -z</source>
        <translation>{text} ist keine Achse mit Vorzeichen wie x oder -z</translation>
    </message>
    <message>
        <source>it names more than three axes</source>
        <translation>sie nennt mehr als drei Achsen</translation>
    </message>
    <message>
        <source>it names {count} axes; three are needed, for X, Y and Z</source>
        <translation>sie nennt {count} Achsen; nötig sind drei, für X, Y und Z</translation>
    </message>
    <message>
        <source>the axis {axis} is used twice</source>
        <translation>die Achse {axis} kommt zweimal vor</translation>
    </message>
    <message>
        <source>it is not a 3×3 matrix of numbers</source>
        <translation>sie ist keine 3×3-Matrix aus Zahlen</translation>
    </message>
    <message>
        <source>the matrix is not a rotation (its rows are not orthonormal)</source>
        <translation>die Matrix ist keine Drehung (ihre Zeilen sind nicht orthonormal)</translation>
    </message>
</context>
<context>
    <name>Credentials</name>
    <message>
        <source>No system keyring (Secret Service, KWallet, macOS Keychain…) was found on this computer</source>
        <translation>Auf diesem Computer wurde kein Schlüsselbund des Systems gefunden (Secret Service, KWallet, macOS-Schlüsselbund …)</translation>
    </message>
    <message>
        <source>The system keyring cannot be loaded ({reason})</source>
        <translation>Der Schlüsselbund des Systems kann nicht geladen werden ({reason})</translation>
    </message>
    <message>
        <source>The system keyring refused access ({reason})</source>
        <translation>Der Schlüsselbund des Systems hat den Zugriff verweigert ({reason})</translation>
    </message>
</context>
<context>
    <name>LabError</name>
    <message>
        <source>The lab hub&apos;s address must be a PostgreSQL URL, postgresql://ROLE@HOST/DATABASE (see docs/lab-hub.md).</source>
        <translation>Die Adresse des Labor-Hubs muss eine PostgreSQL-URL sein: postgresql://ROLLE@HOST/DATENBANK (siehe docs/lab-hub.md).</translation>
    </message>
    <message>
        <source>The lab hub&apos;s address cannot be read: {reason}</source>
        <translation>Die Adresse des Labor-Hubs kann nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>The lab hub&apos;s address in settings.toml carries a password: remove it from the file and keep it in the keyring with `scaninbox lab login`.</source>
        <translation>Die Adresse des Labor-Hubs in settings.toml enthält ein Passwort. Entfernen Sie es aus der Datei und speichern Sie es mit `scaninbox lab login` im Schlüsselbund.</translation>
    </message>
    <message>
        <source>The lab hub&apos;s address names no database (…/DATABASE).</source>
        <translation>Die Adresse des Labor-Hubs nennt keine Datenbank (…/DATENBANK).</translation>
    </message>
    <message>
        <source>The lab hub {host} is not on this computer, so it is reached only over TLS with its certificate checked (sslmode=verify-full), not sslmode={mode}.</source>
        <translation>Der Labor-Hub {host} läuft nicht auf diesem Computer und wird deshalb nur verschlüsselt mit geprüftem Zertifikat erreicht (sslmode=verify-full), nicht mit sslmode={mode}.</translation>
    </message>
    <message>
        <source>nobody holds it</source>
        <translation>niemand hat ihn übernommen</translation>
    </message>
    <message>
        <source>it is held by {holder}</source>
        <translation>{holder} hat ihn übernommen</translation>
    </message>
    <message>
        <source>it is held by {holder}, not by {by}</source>
        <translation>{holder} hat ihn übernommen, nicht {by}</translation>
    </message>
    <message>
        <source>it is held by {holder} since {since}</source>
        <translation>{holder} hat ihn seit {since} übernommen</translation>
    </message>
    <message>
        <source>it is held by {holder} since {since}, not by {by}</source>
        <translation>{holder} hat ihn seit {since} übernommen, nicht {by}</translation>
    </message>
    <message>
        <source>{hub} refused the sign-in: check the role and its password (`scaninbox lab login`). ({detail})</source>
        <translation>{hub} hat die Anmeldung abgelehnt. Prüfen Sie die Rolle und ihr Passwort (`scaninbox lab login`). ({detail})</translation>
    </message>
    <message>
        <source>{hub} has no Scan Inbox schema: run `scaninbox lab init`.</source>
        <translation>{hub} ist noch nicht für Scan Inbox eingerichtet: Führen Sie `scaninbox lab init` aus.</translation>
    </message>
    <message>
        <source>{hub} refused the sign-in: check the role and its password (`scaninbox lab login`).</source>
        <translation>{hub} hat die Anmeldung abgelehnt. Prüfen Sie die Rolle und ihr Passwort (`scaninbox lab login`).</translation>
    </message>
    <message>
        <source>{hub} cannot be reached: {detail}</source>
        <translation>{hub} ist nicht erreichbar: {detail}</translation>
    </message>
    <message>
        <source>{hub} failed: {detail}</source>
        <translation>{hub} meldet einen Fehler: {detail}</translation>
    </message>
    <message>
        <source>The lab hub</source>
        <translation>Der Labor-Hub</translation>
    </message>
    <message>
        <source>The lab hub ({address})</source>
        <translation>Der Labor-Hub ({address})</translation>
    </message>
    <message>
        <source>{hub} refused: {detail}</source>
        <translation>{hub} hat abgelehnt: {detail}</translation>
    </message>
    <message>
        <source>The lab hub ({address}) has no Scan Inbox schema yet: run `scaninbox lab init`.</source>
        <translation>Der Labor-Hub ({address}) ist noch nicht für Scan Inbox eingerichtet: Führen Sie `scaninbox lab init` aus.</translation>
    </message>
    <message>
        <source>The lab hub&apos;s schema (version {found}) is newer than this version of Scan Inbox knows: update Scan Inbox.</source>
        <translation>Die Datenbankstruktur des Labor-Hubs (Version {found}) ist neuer, als diese Version von Scan Inbox kennt. Bitte aktualisieren Sie Scan Inbox.</translation>
    </message>
    <message>
        <source>The lab hub&apos;s schema (version {found}) is older than this version of Scan Inbox needs: run `scaninbox lab init` to upgrade it.</source>
        <translation>Die Datenbankstruktur des Labor-Hubs (Version {found}) ist älter, als diese Version von Scan Inbox benötigt. Aktualisieren Sie sie mit `scaninbox lab init`.</translation>
    </message>
    <message>
        <source>The hub role {role} belongs to no laboratory on the hub: ask the lab&apos;s IT person to admit it (`scaninbox lab init --admit ROLE`).</source>
        <translation>Die Hub-Rolle {role} gehört zu keinem Labor auf dem Hub. Bitten Sie die IT-Betreuung Ihres Labors, sie zuzulassen (`scaninbox lab init --admit ROLLE`).</translation>
    </message>
    <message>
        <source>The hub role {role} belongs to another organisation than the signed-in account: use your own lab&apos;s role.</source>
        <translation>Die Hub-Rolle {role} gehört zu einer anderen Organisation als das angemeldete Konto. Verwenden Sie die Rolle Ihres eigenen Labors.</translation>
    </message>
    <message>
        <source>The lab hub gave no answer to an event.</source>
        <translation>Der Labor-Hub hat auf ein Ereignis nicht geantwortet.</translation>
    </message>
    <message>
        <source>The lab hub&apos;s listener failed: {reason}</source>
        <translation>Die Verbindung für Live-Aktualisierungen vom Labor-Hub ist ausgefallen: {reason}</translation>
    </message>
    <message>
        <source>The lab hub&apos;s schema is version {found}, newer than this version of Scan Inbox knows ({known}); it was left untouched: update Scan Inbox.</source>
        <translation>Die Datenbankstruktur des Labor-Hubs hat Version {found} und ist neuer, als diese Version von Scan Inbox kennt ({known}). Sie wurde nicht verändert. Bitte aktualisieren Sie Scan Inbox.</translation>
    </message>
    <message>
        <source>The hub role {role} already belongs to another organisation; each lab needs a role of its own.</source>
        <translation>Die Hub-Rolle {role} gehört bereits zu einer anderen Organisation. Jedes Labor braucht eine eigene Rolle.</translation>
    </message>
</context>
<context>
    <name>MeshError</name>
    <message>
        <source>it is not a readable {format} mesh ({reason})</source>
        <translation>die Datei ist kein lesbarer {format}-Scan ({reason})</translation>
    </message>
    <message>
        <source>the file contains no triangles</source>
        <translation>die Datei enthält keine Dreiecke</translation>
    </message>
    <message>
        <source>Cannot read the scan {name}: {reason}</source>
        <translation>Die Scan-Datei {name} kann nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>it is a {format} image, not a 3D mesh</source>
        <translation>die Datei ist ein {format}-Bild, kein 3D-Scan</translation>
    </message>
    <message>
        <source>the OBJ file contains no faces</source>
        <translation>die OBJ-Datei enthält keine Flächen</translation>
    </message>
    <message>
        <source>a vertex needs three numbers</source>
        <translation>ein Punkt braucht drei Zahlen</translation>
    </message>
    <message>
        <source>a face needs three corners</source>
        <translation>eine Fläche braucht drei Ecken</translation>
    </message>
    <message>
        <source>a coordinate is not a finite number</source>
        <translation>eine Koordinate ist keine endliche Zahl</translation>
    </message>
    <message>
        <source>a colour is not a finite number</source>
        <translation>eine Farbe ist keine endliche Zahl</translation>
    </message>
    <message>
        <source>line {line}: {problem}</source>
        <translation>Zeile {line}: {problem}</translation>
    </message>
    <message>
        <source>{token} is not a vertex number</source>
        <translation>{token} ist keine Punktnummer</translation>
    </message>
    <message>
        <source>{token} refers to vertex 0, but OBJ counts vertices from 1</source>
        <translation>{token} verweist auf Punkt 0, OBJ zählt Punkte aber ab 1</translation>
    </message>
    <message>
        <source>{token} refers back {count} vertices, but only {before} come before it</source>
        <translation>{token} verweist {count} Punkte zurück, davor stehen aber nur {before}</translation>
    </message>
    <message>
        <source>a face refers to vertex {vertex}, but the file has {count}</source>
        <translation>eine Fläche verweist auf Punkt {vertex}, die Datei hat aber nur {count}</translation>
    </message>
    <message>
        <source>the PLY file contains no vertices</source>
        <translation>die PLY-Datei enthält keine Punkte</translation>
    </message>
    <message>
        <source>the PLY file has points but no triangles (a point cloud)</source>
        <translation>die PLY-Datei hat Punkte, aber keine Dreiecke (eine Punktwolke)</translation>
    </message>
    <message>
        <source>its vertices carry list properties, which this program cannot read</source>
        <translation>ihre Punkte haben Listen-Eigenschaften, die dieses Programm nicht lesen kann</translation>
    </message>
    <message>
        <source>its faces have no &apos;vertex_indices&apos; list</source>
        <translation>ihre Flächen haben keine Liste „vertex_indices“</translation>
    </message>
    <message>
        <source>the PLY file ends in the middle of its faces</source>
        <translation>die PLY-Datei endet mitten in ihren Flächen</translation>
    </message>
    <message numerus="yes">
        <source>its body has %n number(s) more than the header&apos;s elements hold (a row is missing a value, or the counts are wrong)</source>
        <translation>
            <numerusform>ihr Inhalt hat %n Zahl mehr, als die Elemente des Kopfteils fassen (einer Zeile fehlt ein Wert, oder die Anzahlen stimmen nicht)</numerusform>
            <numerusform>ihr Inhalt hat %n Zahlen mehr, als die Elemente des Kopfteils fassen (einer Zeile fehlt ein Wert, oder die Anzahlen stimmen nicht)</numerusform>
        </translation>
    </message>
    <message>
        <source>the PLY file ends before its {element} list does</source>
        <translation>die PLY-Datei endet vor dem Ende ihrer Liste „{element}“</translation>
    </message>
    <message>
        <source>the PLY file ends before its vertices and faces do</source>
        <translation>die PLY-Datei endet vor dem Ende ihrer Punkte und Flächen</translation>
    </message>
    <message>
        <source>its vertices have no x, y and z coordinates</source>
        <translation>ihre Punkte haben keine x-, y- und z-Koordinaten</translation>
    </message>
    <message>
        <source>it is not a valid PLY file: a list in its {element} records has {count} items</source>
        <translation>die Datei ist keine gültige PLY-Datei: eine Liste in ihren Einträgen „{element}“ hat {count} Elemente</translation>
    </message>
    <message>
        <source>its {count} {element} records need {needed} bytes but the file has {size}: it is truncated</source>
        <translation>ihre {count} Einträge „{element}“ brauchen {needed} Bytes, die Datei hat aber nur {size}: sie ist abgeschnitten</translation>
    </message>
    <message>
        <source>its faces have {corners} corners; a triangle needs 3</source>
        <translation>ihre Flächen haben {corners} Ecken; ein Dreieck braucht 3</translation>
    </message>
    <message>
        <source>the PLY file has points but no triangles</source>
        <translation>die PLY-Datei hat Punkte, aber keine Dreiecke</translation>
    </message>
    <message>
        <source>a face refers to a vertex by a number that is not whole</source>
        <translation>eine Fläche verweist mit einer nicht ganzen Zahl auf einen Punkt</translation>
    </message>
    <message>
        <source>a triangle refers to point {point}, which does not exist</source>
        <translation>ein Dreieck verweist auf Punkt {point}, den es nicht gibt</translation>
    </message>
    <message>
        <source>it is not a valid PLY file: its header is malformed: no &apos;end_header&apos; line</source>
        <translation>die Datei ist keine gültige PLY-Datei: ihr Kopfteil ist fehlerhaft (keine Zeile „end_header“)</translation>
    </message>
    <message>
        <source>it is not a valid PLY file: its header is malformed: the file ends after &apos;end_header&apos;</source>
        <translation>die Datei ist keine gültige PLY-Datei: ihr Kopfteil ist fehlerhaft (die Datei endet nach „end_header“)</translation>
    </message>
    <message>
        <source>unknown format {format}</source>
        <translation>unbekanntes Format {format}</translation>
    </message>
    <message>
        <source>a property before any element</source>
        <translation>eine Eigenschaft vor dem ersten Element</translation>
    </message>
    <message>
        <source>unexpected {word}</source>
        <translation>unerwartetes Wort {word}</translation>
    </message>
    <message>
        <source>it is not a valid PLY file: its header is malformed: it has no &apos;format&apos; line</source>
        <translation>die Datei ist keine gültige PLY-Datei: ihr Kopfteil ist fehlerhaft (keine Zeile „format“)</translation>
    </message>
    <message>
        <source>an element announces {count} records</source>
        <translation>ein Element kündigt {count} Einträge an</translation>
    </message>
    <message>
        <source>a list&apos;s length cannot be of type {type}</source>
        <translation>die Länge einer Liste kann nicht vom Typ {type} sein</translation>
    </message>
    <message>
        <source>cannot read the property {property}</source>
        <translation>die Eigenschaft {property} ist nicht lesbar</translation>
    </message>
    <message>
        <source>at least {count} bytes</source>
        <translation>mindestens {count} Bytes</translation>
    </message>
    <message>
        <source>{count} bytes</source>
        <translation>{count} Bytes</translation>
    </message>
    <message>
        <source>at least {count} numbers</source>
        <translation>mindestens {count} Zahlen</translation>
    </message>
    <message>
        <source>it is not a valid PLY file: its header announces {count} {element} records, which need {needed}, but only {present} follow (the file is truncated or its header is wrong)</source>
        <translation>die Datei ist keine gültige PLY-Datei: ihr Kopfteil kündigt {count} Einträge „{element}“ an, die {needed} brauchen, es folgen aber nur {present} (die Datei ist abgeschnitten oder ihr Kopfteil falsch)</translation>
    </message>
    <message>
        <source>unknown type {word}</source>
        <translation>unbekannter Typ {word}</translation>
    </message>
    <message>
        <source>it is not a valid PLY file: its header is malformed (line {line}): {reason}</source>
        <translation>die Datei ist keine gültige PLY-Datei: ihr Kopfteil ist fehlerhaft (Zeile {line}): {reason}</translation>
    </message>
    <message>
        <source>&apos;element&apos; needs a name and a count, not {text}</source>
        <translation>„element“ braucht einen Namen und eine Anzahl, nicht {text}</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>die Datei ist leer</translation>
    </message>
    <message>
        <source>it is not a valid mesh file (the reader stopped: {reason})</source>
        <translation>die Datei ist keine gültige 3D-Datei (das Lesen brach ab: {reason})</translation>
    </message>
    <message>
        <source>it is not a 3D mesh this program knows (STL, PLY or OBJ)</source>
        <translation>die Datei ist kein 3D-Scan in einem Format, das dieses Programm kennt (STL, PLY oder OBJ)</translation>
    </message>
    <message>
        <source>a binary STL has at least 84 bytes; this file has {size}</source>
        <translation>eine binäre STL-Datei hat mindestens 84 Bytes; diese Datei hat {size}</translation>
    </message>
    <message>
        <source>it is not a 3D mesh (a text file, but not an ASCII STL)</source>
        <translation>die Datei ist kein 3D-Scan (eine Textdatei, aber keine ASCII-STL-Datei)</translation>
    </message>
    <message>
        <source>it is not a 3D mesh (as a binary STL its header would announce {count} triangles, for a file of {size} bytes)</source>
        <translation>die Datei ist kein 3D-Scan (als binäre STL-Datei würde ihr Kopfteil {count} Dreiecke ankündigen, bei einer Dateigröße von {size} Bytes)</translation>
    </message>
    <message>
        <source>its header announces {count} triangles ({expected} bytes) but the file has {size} bytes: it is truncated</source>
        <translation>ihr Kopfteil kündigt {count} Dreiecke an ({expected} Bytes), die Datei hat aber nur {size} Bytes: sie ist abgeschnitten</translation>
    </message>
    <message>
        <source>the STL file contains no triangles</source>
        <translation>die STL-Datei enthält keine Dreiecke</translation>
    </message>
    <message>
        <source>{count} triangles are more than this program can show</source>
        <translation>{count} Dreiecke sind mehr, als dieses Programm anzeigen kann</translation>
    </message>
    <message>
        <source>the file ends in the middle of a triangle</source>
        <translation>die Datei endet mitten in einem Dreieck</translation>
    </message>
    <message>
        <source>the ASCII STL file contains no triangles</source>
        <translation>die ASCII-STL-Datei enthält keine Dreiecke</translation>
    </message>
    <message>
        <source>it lists {count} vertices, which do not make whole triangles</source>
        <translation>die Zahl ihrer Eckpunkte ({count}) ergibt keine ganzen Dreiecke</translation>
    </message>
    <message>
        <source>the file ends in the middle of a vertex</source>
        <translation>die Datei endet mitten in einem Punkt</translation>
    </message>
    <message>
        <source>line {line}: {token} is not a number</source>
        <translation>Zeile {line}: {token} ist keine Zahl</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) have coordinates that are not finite numbers</source>
        <translation>
            <numerusform>%n Punkt hat Koordinaten, die keine endlichen Zahlen sind</numerusform>
            <numerusform>%n Punkte haben Koordinaten, die keine endlichen Zahlen sind</numerusform>
        </translation>
    </message>
    <message>
        <source>a triangle refers to point {point} but the file has {count} points (valid: 0 to {last})</source>
        <translation>ein Dreieck verweist auf Punkt {point}, die Datei hat aber nur {count} Punkte (gültig: 0 bis {last})</translation>
    </message>
    <message>
        <source>its coordinates are not in millimetres of a jaw: up to {magnitude} (a jaw is about 100 mm across)</source>
        <translation>ihre Koordinaten sind nicht in Millimetern eines Kiefers angegeben: Werte bis {magnitude} (ein Kiefer ist etwa 100 mm breit)</translation>
    </message>
</context>
<context>
    <name>Orientation</name>
    <message>
        <source>orientation estimated from the scan</source>
        <translation>Ausrichtung aus dem Scan geschätzt</translation>
    </message>
    <message>
        <source>orientation estimated from the scan, uncertain: check it</source>
        <translation>Ausrichtung aus dem Scan geschätzt, unsicher: bitte prüfen</translation>
    </message>
    <message>
        <source>shown as exported (its shape gives no orientation)</source>
        <translation>wie exportiert angezeigt (die Form ergibt keine Ausrichtung)</translation>
    </message>
    <message>
        <source>turned upside down and back to front</source>
        <translation>auf den Kopf und von hinten nach vorn gedreht</translation>
    </message>
    <message>
        <source>turned upside down</source>
        <translation>auf den Kopf gedreht</translation>
    </message>
    <message>
        <source>turned back to front</source>
        <translation>von hinten nach vorn gedreht</translation>
    </message>
    <message>
        <source>this portal</source>
        <translation>dieses Portal</translation>
    </message>
    <message>
        <source>{turn} as chosen for {portal}</source>
        <translation>{turn}, wie für {portal} gewählt</translation>
    </message>
    <message>
        <source>No axis mapping for {portal}</source>
        <translation>Keine Achsenzuordnung für {portal}</translation>
    </message>
    <message>
        <source>The axis mapping of {portal} ({mapping}) is not understood: {reason}</source>
        <translation>Die Achsenzuordnung für {portal} ({mapping}) ist unverständlich: {reason}</translation>
    </message>
</context>
<context>
    <name>OsReason</name>
    <message>
        <source>the disk is full</source>
        <translation>der Datenträger ist voll</translation>
    </message>
    <message>
        <source>your storage quota on this disk is used up</source>
        <translation>Ihr Speicherkontingent auf diesem Datenträger ist aufgebraucht</translation>
    </message>
    <message>
        <source>you do not have permission for this file or folder</source>
        <translation>Sie haben keine Berechtigung für diese Datei oder diesen Ordner</translation>
    </message>
    <message>
        <source>the disk or folder is read-only</source>
        <translation>der Datenträger oder Ordner ist schreibgeschützt</translation>
    </message>
    <message>
        <source>the file or folder does not exist</source>
        <translation>die Datei oder der Ordner existiert nicht</translation>
    </message>
    <message>
        <source>the file name or path is too long</source>
        <translation>der Dateiname oder Pfad ist zu lang</translation>
    </message>
    <message>
        <source>too many files are open at once</source>
        <translation>es sind zu viele Dateien gleichzeitig geöffnet</translation>
    </message>
    <message>
        <source>the file is in use or locked by another program</source>
        <translation>die Datei wird von einem anderen Programm benutzt oder ist gesperrt</translation>
    </message>
    <message>
        <source>the file is too large for this disk or folder</source>
        <translation>die Datei ist zu groß für diesen Datenträger oder Ordner</translation>
    </message>
    <message>
        <source>the disk failed to read or write</source>
        <translation>der Datenträger konnte nicht lesen oder schreiben</translation>
    </message>
    <message>
        <source>the disk is not there any more (it may have been unplugged)</source>
        <translation>der Datenträger ist nicht mehr da (womöglich wurde er getrennt)</translation>
    </message>
    <message>
        <source>a file or folder of that name is already there</source>
        <translation>eine Datei oder ein Ordner dieses Namens ist schon vorhanden</translation>
    </message>
    <message>
        <source>a file stands where a folder is needed</source>
        <translation>wo ein Ordner nötig ist, steht eine Datei</translation>
    </message>
    <message>
        <source>a folder stands where a file is needed</source>
        <translation>wo eine Datei nötig ist, steht ein Ordner</translation>
    </message>
    <message>
        <source>the network drive cannot be reached</source>
        <translation>das Netzlaufwerk ist nicht erreichbar</translation>
    </message>
    <message>
        <source>the network or the server cannot be reached</source>
        <translation>das Netzwerk oder der Server ist nicht erreichbar</translation>
    </message>
    <message>
        <source>the server refused the connection</source>
        <translation>der Server hat die Verbindung abgelehnt</translation>
    </message>
    <message>
        <source>the connection was cut off</source>
        <translation>die Verbindung wurde abgebrochen</translation>
    </message>
    <message>
        <source>the other side did not answer in time</source>
        <translation>die Gegenstelle hat nicht rechtzeitig geantwortet</translation>
    </message>
    <message>
        <source>the server&apos;s name could not be found on the network</source>
        <translation>der Name des Servers wurde im Netzwerk nicht gefunden</translation>
    </message>
    <message>
        <source>the server&apos;s security certificate could not be verified</source>
        <translation>das Sicherheitszertifikat des Servers konnte nicht geprüft werden</translation>
    </message>
    <message>
        <source>a secure connection could not be set up</source>
        <translation>eine sichere Verbindung kam nicht zustande</translation>
    </message>
    <message>
        <source>no connection could be made</source>
        <translation>es kam keine Verbindung zustande</translation>
    </message>
    <message>
        <source>the system reported: {detail}</source>
        <translation>das System meldet: {detail}</translation>
    </message>
    <message>
        <source>{reason} (technical detail: {detail})</source>
        <translation>{reason} (Technische Angabe: {detail})</translation>
    </message>
</context>
<context>
    <name>Paths</name>
    <message>
        <source>Cannot find the home folder for {path}: set HOME or the XDG folders to an absolute path.</source>
        <translation>Der Benutzerordner für {path} ist nicht zu finden. Setzen Sie HOME oder die XDG-Ordner auf einen absoluten Pfad.</translation>
    </message>
</context>
<context>
    <name>QcDecision</name>
    <message>
        <source>Ready to accept</source>
        <translation>Annahmebereit</translation>
    </message>
    <message>
        <source>Rescan needed</source>
        <translation>Neuer Scan nötig</translation>
    </message>
</context>
<context>
    <name>SettingsError</name>
    <message>
        <source>Unknown environment {name}; known: {known}.</source>
        <translation>Unbekannte Umgebung {name}. Bekannt sind: {known}.</translation>
    </message>
    <message>
        <source>Cannot read {path}: {reason}</source>
        <translation>{path} kann nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>{source}: [{name}] must be a table.</source>
        <translation>{source}: [{name}] muss eine Tabelle sein.</translation>
    </message>
    <message>
        <source>{source}: {key} must be a number ≥ {minimum}.</source>
        <translation>{source}: {key} muss eine Zahl ≥ {minimum} sein.</translation>
    </message>
    <message>
        <source>{source}: {key} must be a number from {low} to {high}, not {value}.</source>
        <translation>{source}: {key} muss eine Zahl von {low} bis {high} sein, nicht {value}.</translation>
    </message>
    <message>
        <source>{source}: network.{key} must be a number from {low} to {high}.</source>
        <translation>{source}: network.{key} muss eine Zahl von {low} bis {high} sein.</translation>
    </message>
    <message>
        <source>{source}: [environments.{name}] must be a table.</source>
        <translation>{source}: [environments.{name}] muss eine Tabelle sein.</translation>
    </message>
    <message>
        <source>{source}: environments.{name}.base_url must be a string.</source>
        <translation>{source}: environments.{name}.base_url muss ein Text in Anführungszeichen sein.</translation>
    </message>
    <message>
        <source>{source}: network.ca_bundle must be a path.</source>
        <translation>{source}: network.ca_bundle muss ein Dateipfad sein.</translation>
    </message>
    <message>
        <source>{source}: the CA bundle {path} does not exist.</source>
        <translation>{source}: Die Zertifikatsdatei {path} existiert nicht.</translation>
    </message>
    <message>
        <source>{source}: download.folder_template must be a non-empty string.</source>
        <translation>{source}: download.folder_template muss ein nicht leerer Text sein.</translation>
    </message>
    <message>
        <source>{source}: qc.background must be true or false.</source>
        <translation>{source}: qc.background muss true oder false sein.</translation>
    </message>
    <message>
        <source>{source}: viewer.{jaw}_colour must look like #rrggbb.</source>
        <translation>{source}: viewer.{jaw}_colour muss die Form #rrggbb haben.</translation>
    </message>
    <message>
        <source>{source}: ui.language must be one of {choices}.</source>
        <translation>{source}: ui.language muss einer dieser Werte sein: {choices}.</translation>
    </message>
    <message>
        <source>{source}: lab.url must be a string.</source>
        <translation>{source}: lab.url muss ein Text in Anführungszeichen sein.</translation>
    </message>
</context>
<context>
    <name>StoreError</name>
    <message>
        <source>There is no local data for {where} for {email} yet: sync once while online (`scaninbox sync`), then it works offline.</source>
        <translation>Für {where} gibt es noch keine lokalen Daten von {email}. Synchronisieren Sie einmal mit Internetverbindung (`scaninbox sync`), danach geht es auch offline.</translation>
    </message>
    <message>
        <source>There is no local data for {where} yet: sync once while online (`scaninbox sync`), then it works offline.</source>
        <translation>Für {where} gibt es noch keine lokalen Daten. Synchronisieren Sie einmal mit Internetverbindung (`scaninbox sync`), danach geht es auch offline.</translation>
    </message>
    <message>
        <source>The local data in {folder} cannot be removed: {reason}.</source>
        <translation>Die lokalen Daten in {folder} können nicht entfernt werden: {reason}.</translation>
    </message>
    <message>
        <source>The list of accounts {path} cannot be saved ({reason}).</source>
        <translation>Die Kontenliste {path} kann nicht gespeichert werden ({reason}).</translation>
    </message>
    <message>
        <source>it could not be read ({reason})</source>
        <translation>er konnte nicht gelesen werden ({reason})</translation>
    </message>
    <message>
        <source>The service sent case {ref} but {reason}</source>
        <translation>Der Dienst hat Fall {ref} gesendet, aber {reason}</translation>
    </message>
    <message>
        <source>The cases a sync saved in its last moments could not be kept (see the log); the next sync continues from the last ones that were.</source>
        <translation>Die Fälle, die eine Synchronisierung zuletzt gespeichert hat, konnten nicht behalten werden (siehe Protokoll). Die nächste Synchronisierung setzt bei den zuletzt behaltenen fort.</translation>
    </message>
    <message>
        <source>The disk that holds {what} is full, so nothing more can be saved. Nothing stored was lost: free some disk space (or lower the offline cache limit) and try again.</source>
        <translation>Der Datenträger ist voll ({what}), deshalb kann nichts mehr gespeichert werden. Es ist nichts verloren gegangen: Geben Sie Speicherplatz frei (oder verkleinern Sie den Offline-Zwischenspeicher) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>There is not enough disk space to keep {name} in the local file cache</source>
        <translation>Es ist nicht genug Speicherplatz frei, um {name} im lokalen Zwischenspeicher zu behalten</translation>
    </message>
    <message>
        <source>{name} could not be kept in the local file cache ({reason})</source>
        <translation>{name} konnte nicht im lokalen Zwischenspeicher behalten werden ({reason})</translation>
    </message>
    <message>
        <source>The local database {path} is damaged or is not a Scan Inbox store ({detail}). Remove local data with `scaninbox cache clear` and sync again.</source>
        <translation>Die lokale Datenbank {path} ist beschädigt oder gehört nicht zu Scan Inbox. Entfernen Sie die lokalen Daten mit `scaninbox cache clear` und synchronisieren Sie erneut. Technische Angabe: {detail}</translation>
    </message>
    <message>
        <source>The local database {path} is in use by another program and stayed locked ({detail}): wait until that program (a sync or a command of Scan Inbox, a backup) has finished, or close it, and try again.</source>
        <translation>Die lokale Datenbank {path} wird von einem anderen Programm benutzt und blieb gesperrt. Warten Sie, bis dieses Programm fertig ist (etwa eine Synchronisierung, ein Befehl von Scan Inbox oder eine Datensicherung), oder schließen Sie es, und versuchen Sie es erneut. Technische Angabe: {detail}</translation>
    </message>
    <message>
        <source>The local database {path} cannot be written ({detail}): check that its folder is writable by you.</source>
        <translation>In die lokale Datenbank {path} kann nicht geschrieben werden. Prüfen Sie, ob Sie in ihrem Ordner schreiben dürfen. Technische Angabe: {detail}</translation>
    </message>
    <message>
        <source>The local database {path} cannot be opened ({detail}): check that its folder exists and that the file is not a link to a missing file.</source>
        <translation>Die lokale Datenbank {path} kann nicht geöffnet werden. Prüfen Sie, ob ihr Ordner existiert und ob die Datei nicht auf eine fehlende Datei verweist. Technische Angabe: {detail}</translation>
    </message>
    <message>
        <source>The local database {path} cannot be used: {reason}.</source>
        <translation>Die lokale Datenbank {path} kann nicht benutzt werden: {reason}.</translation>
    </message>
    <message>
        <source>The disk failed to read or write the local database {path} ({detail}).</source>
        <translation>Der Datenträger konnte die lokale Datenbank {path} nicht lesen oder schreiben. Technische Angabe: {detail}</translation>
    </message>
    <message>
        <source>The local database {path} reported a problem: {detail}.</source>
        <translation>Die lokale Datenbank {path} meldet ein Problem: {detail}.</translation>
    </message>
    <message>
        <source>Case {ref} is not in the local store.</source>
        <translation>Fall {ref} ist nicht im lokalen Speicher.</translation>
    </message>
    <message>
        <source>{file} of case {ref} is not available offline.</source>
        <translation>{file} von Fall {ref} ist offline nicht verfügbar.</translation>
    </message>
    <message>
        <source>The download of {file} was damaged on the way; it was discarded.</source>
        <translation>Der Download von {file} wurde unterwegs beschädigt und verworfen.</translation>
    </message>
    <message>
        <source>The local database {path} is a link to {target}, which does not exist: remove the link or put the file back.</source>
        <translation>Die lokale Datenbank {path} verweist auf {target}, das es nicht gibt. Entfernen Sie den Verweis oder legen Sie die Datei zurück.</translation>
    </message>
    <message>
        <source>The local database {path} was written by a newer version of Scan Inbox (schema {found}; this version reads up to {target}). It was left untouched: update Scan Inbox, or remove local data with `scaninbox cache clear`.</source>
        <translation>Die lokale Datenbank {path} wurde von einer neueren Version von Scan Inbox geschrieben (Schema {found}; diese Version liest bis {target}). Sie wurde nicht verändert. Aktualisieren Sie Scan Inbox oder entfernen Sie die lokalen Daten mit `scaninbox cache clear`.</translation>
    </message>
    <message>
        <source>The local database was written by a newer version of Scan Inbox (schema {found}; this version reads up to {target}). It was left untouched: update Scan Inbox, or remove local data with `scaninbox cache clear`.</source>
        <translation>Die lokale Datenbank wurde von einer neueren Version von Scan Inbox geschrieben (Schema {found}; diese Version liest bis {target}). Sie wurde nicht verändert. Aktualisieren Sie Scan Inbox oder entfernen Sie die lokalen Daten mit `scaninbox cache clear`.</translation>
    </message>
    <message>
        <source>The sync failed unexpectedly; see the log.</source>
        <translation>Die Synchronisierung ist unerwartet fehlgeschlagen; Einzelheiten stehen im Protokoll.</translation>
    </message>
    <message>
        <source>Case {ref} is not in the local store; sync first.</source>
        <translation>Fall {ref} ist nicht im lokalen Speicher. Synchronisieren Sie zuerst.</translation>
    </message>
    <message>
        <source>The service sent page {page} when asked for page {asked}; the list of cases cannot be read completely</source>
        <translation>Der Dienst hat auf die Anfrage nach Seite {asked} Seite {page} gesendet. Die Liste der Fälle kann nicht vollständig gelesen werden</translation>
    </message>
    <message>
        <source>The cases this sync saved in its last moments could not be kept; the next sync continues from the last ones that were.</source>
        <translation>Die Fälle, die diese Synchronisierung zuletzt gespeichert hat, konnten nicht behalten werden. Die nächste Synchronisierung setzt bei den zuletzt behaltenen fort.</translation>
    </message>
</context>
<context>
    <name>StoreWhat</name>
    <message>
        <source>any service</source>
        <translation>irgendeinen Dienst</translation>
    </message>
    <message>
        <source>the list of accounts {path}</source>
        <translation>die Kontenliste {path}</translation>
    </message>
    <message>
        <source>the case</source>
        <translation>(ohne Nummer)</translation>
    </message>
    <message>
        <source>the local database {path}</source>
        <translation>die lokale Datenbank {path}</translation>
    </message>
    <message>
        <source>the local file cache</source>
        <translation>lokaler Zwischenspeicher</translation>
    </message>
</context>
</TS>
