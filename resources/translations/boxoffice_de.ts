<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>CartModel</name>
    <message>
        <source>Adult</source>
        <translation>Erwachsene</translation>
    </message>
    <message>
        <source>Child</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Concession</source>
        <translation>Ermäßigt</translation>
    </message>
    <message>
        <source>Complimentary</source>
        <translation>Freikarte</translation>
    </message>
</context>
<context>
    <name>ClerkError</name>
    <message>
        <source>The box-office server did not answer, so nothing was changed. Try again when the connection is back (the banner at the top says when).</source>
        <translation>Der Kassenserver hat nicht geantwortet, deshalb wurde nichts geändert. Versuchen Sie es erneut, wenn die Verbindung wieder steht (das Banner oben zeigt es an).</translation>
    </message>
    <message>
        <source>The server is busy (another counter is working on the same seats); nothing was changed. Try again in a moment.</source>
        <translation>Der Server ist ausgelastet (eine andere Kasse arbeitet an denselben Plätzen); nichts wurde geändert. Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Those were just sold at another counter or on the web; choose others.</source>
        <translation>Diese wurden gerade an einer anderen Kasse oder im Web verkauft; wählen Sie andere.</translation>
    </message>
    <message>
        <source>That is no longer held or no longer exists (a hold may have run out); nothing was changed.</source>
        <translation>Das ist nicht mehr reserviert oder existiert nicht mehr (eine Reservierung ist vielleicht abgelaufen); nichts wurde geändert.</translation>
    </message>
    <message>
        <source>A limit was reached (for example, no more extensions); nothing was changed.</source>
        <translation>Eine Grenze ist erreicht (zum Beispiel keine Verlängerung mehr); nichts wurde geändert.</translation>
    </message>
    <message>
        <source>That cannot be done in the sale&apos;s present state; nothing was changed.</source>
        <translation>Das geht im jetzigen Zustand des Verkaufs nicht; nichts wurde geändert.</translation>
    </message>
    <message>
        <source>The server could not accept that request; check what you entered.</source>
        <translation>Der Server konnte die Anfrage nicht annehmen; prüfen Sie Ihre Eingabe.</translation>
    </message>
    <message>
        <source>Your sign-in is not allowed to do this; ask a manager.</source>
        <translation>Ihre Anmeldung darf das nicht; fragen Sie die Leitung.</translation>
    </message>
    <message>
        <source>This program does not match the server&apos;s version; call the supervisor.</source>
        <translation>Dieses Programm passt nicht zur Version des Servers; rufen Sie die Aufsicht.</translation>
    </message>
    <message>
        <source>Something went wrong on the server and nothing was changed. Try again; if it happens again, call the supervisor.</source>
        <translation>Auf dem Server ist etwas schiefgegangen, nichts wurde geändert. Versuchen Sie es erneut; passiert es wieder, rufen Sie die Aufsicht.</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <source>Something unexpected went wrong. If it happens again, tell whoever runs the box office.</source>
        <translation>Etwas Unerwartetes ist schiefgegangen. Wenn es wieder passiert, sagen Sie bitte der Kassenleitung Bescheid.</translation>
    </message>
    <message>
        <source>Nothing in this sale is held any more (the holds ran out or were released): take no payment.</source>
        <translation>In diesem Verkauf ist nichts mehr reserviert (die Reservierungen sind abgelaufen oder wurden freigegeben): kein Geld annehmen.</translation>
    </message>
    <message>
        <source>These holds have used every extension allowed: sell them now or let them go.</source>
        <translation>Diese Reservierungen wurden so oft wie erlaubt verlängert: jetzt verkaufen oder freigeben.</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) just went to another buyer: %1. Nothing was held.</source>
        <translation>
            <numerusform>%n Platz ging gerade an einen anderen Käufer: %1. Nichts wurde reserviert.</numerusform>
            <numerusform>%n Plätze gingen gerade an andere Käufer: %1. Nichts wurde reserviert.</numerusform>
        </translation>
    </message>
    <message>
        <source>This sale changed after its total was shown. Nothing was charged and the holds are kept: show the buyer the new total.</source>
        <translation>Dieser Verkauf hat sich geändert, nachdem die Summe angezeigt wurde. Es wurde nichts berechnet und die Reservierungen bleiben: zeigen Sie dem Käufer die neue Summe.</translation>
    </message>
    <message>
        <source>Nothing could be sold: %1 went to other buyers. Take no payment.</source>
        <translation>Nichts konnte verkauft werden: %1 ging an andere Käufer. Kein Geld annehmen.</translation>
    </message>
    <message>
        <source>Something in the cart has no price; ask a manager to set one.</source>
        <translation>Etwas im Warenkorb hat keinen Preis; bitten Sie die Leitung, einen festzulegen.</translation>
    </message>
    <message>
        <source>The cart mixes currencies: sell each currency separately.</source>
        <translation>Der Warenkorb enthält mehrere Währungen: jede Währung einzeln verkaufen.</translation>
    </message>
    <message>
        <source>This cart is an order already: find it in the Orders tab.</source>
        <translation>Aus diesem Warenkorb ist schon eine Bestellung geworden: Sie finden sie unter „Bestellungen“.</translation>
    </message>
    <message>
        <source>This order is no longer waiting for payment.</source>
        <translation>Diese Bestellung wartet nicht mehr auf Zahlung.</translation>
    </message>
    <message>
        <source>A payment for this is in progress, so nothing was released. Try again once the payment has an answer.</source>
        <translation>Dafür läuft gerade eine Zahlung, deshalb wurde nichts freigegeben. Versuchen Sie es erneut, sobald die Zahlung eine Antwort hat.</translation>
    </message>
    <message>
        <source>The cash handed over is less than the amount due.</source>
        <translation>Das erhaltene Bargeld ist weniger als der fällige Betrag.</translation>
    </message>
    <message>
        <source>Type or scan the card terminal&apos;s reference first.</source>
        <translation>Geben Sie zuerst die Referenz des Kartenterminals ein oder scannen Sie sie.</translation>
    </message>
    <message>
        <source>A card guarantee holds rooms only: take payment for the rest.</source>
        <translation>Eine Kartengarantie sichert nur Zimmer: kassieren Sie den Rest.</translation>
    </message>
    <message>
        <source>Name the gate this scanner is at, e.g. “Gate 2”.</source>
        <translation>Geben Sie den Eingang an, an dem dieser Scanner steht, z. B. „Eingang 2“.</translation>
    </message>
    <message>
        <source>That gate name is too long.</source>
        <translation>Dieser Name für den Eingang ist zu lang.</translation>
    </message>
    <message>
        <source>The gate name has characters that cannot be shown.</source>
        <translation>Der Name des Eingangs enthält Zeichen, die nicht angezeigt werden können.</translation>
    </message>
    <message>
        <source>No ticket with this code was ever issued.</source>
        <translation>Mit diesem Code wurde nie ein Ticket ausgestellt.</translation>
    </message>
    <message>
        <source>The user name or password is not right.</source>
        <translation>Benutzername oder Passwort stimmt nicht.</translation>
    </message>
    <message>
        <source>No room of this type is free on every one of those nights. Nothing was changed.</source>
        <translation>In dieser Zimmerkategorie ist nicht in jeder dieser Nächte ein Zimmer frei. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Some of those nights are outside the hotel&apos;s bookable calendar.</source>
        <translation>Einige dieser Nächte liegen außerhalb des buchbaren Kalenders des Hotels.</translation>
    </message>
    <message>
        <source>Check-out must be after check-in.</source>
        <translation>Die Abreise muss nach der Anreise liegen.</translation>
    </message>
    <message>
        <source>Refused: more rooms are already booked on one of those nights.</source>
        <translation>Abgelehnt: In einer dieser Nächte sind schon mehr Zimmer gebucht.</translation>
    </message>
    <message>
        <source>Type at least two letters of the name, or the booking reference.</source>
        <translation>Geben Sie mindestens zwei Buchstaben des Namens oder die Buchungsnummer ein.</translation>
    </message>
    <message>
        <source>This stay is not a current booking: nothing to change.</source>
        <translation>Dieser Aufenthalt ist keine aktuelle Buchung: es gibt nichts zu ändern.</translation>
    </message>
    <message>
        <source>This stay was paid for: a manager cancels it, refunding it or keeping a fee.</source>
        <translation>Dieser Aufenthalt ist bezahlt: die Leitung storniert ihn, mit Erstattung oder Stornogebühr.</translation>
    </message>
    <message>
        <source>The guest has checked in: check the stay out instead.</source>
        <translation>Der Gast ist schon eingecheckt: checken Sie den Aufenthalt stattdessen aus.</translation>
    </message>
    <message>
        <source>The stay&apos;s money changed since you looked (a payment, a refund or a new price). Look again; nothing was changed.</source>
        <translation>Die Beträge dieses Aufenthalts haben sich inzwischen geändert (eine Zahlung, eine Erstattung oder ein neuer Preis). Bitte erneut ansehen; nichts wurde geändert.</translation>
    </message>
    <message>
        <source>The price changes with this move: charge the difference, or a manager waives or refunds it. Nothing was changed.</source>
        <translation>Mit dieser Umbuchung ändert sich der Preis: kassieren Sie die Differenz, oder die Leitung erlässt oder erstattet sie. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Say why: a refund, a fee or a waiver is recorded with its reason. Nothing was changed.</source>
        <translation>Bitte einen Grund angeben: Erstattungen, Gebühren und Erlasse werden mit Grund erfasst. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Nothing was paid for this stay, so no fee can be kept.</source>
        <translation>Für diesen Aufenthalt wurde nichts bezahlt, also kann keine Gebühr einbehalten werden.</translation>
    </message>
    <message>
        <source>That was not accepted: check what was typed and try again.</source>
        <translation>Das wurde nicht angenommen: prüfen Sie die Eingabe und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>That does not exist (any more): look it up again.</source>
        <translation>Das gibt es nicht (mehr): bitte neu suchen.</translation>
    </message>
    <message numerus="yes">
        <source>%n place(s) went to another buyer: %1.</source>
        <translation>
            <numerusform>%n Platz ging an einen anderen Käufer: %1.</numerusform>
            <numerusform>%n Plätze gingen an andere Käufer: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Someone else was quicker: it is no longer available.</source>
        <translation>Jemand anderes war schneller: es ist nicht mehr verfügbar.</translation>
    </message>
    <message>
        <source>A limit was reached: this cannot be done again.</source>
        <translation>Eine Grenze ist erreicht: das geht nicht noch einmal.</translation>
    </message>
    <message>
        <source>This changed in the meantime and cannot be done now: look at it again.</source>
        <translation>Das hat sich inzwischen geändert und geht jetzt nicht: bitte erneut ansehen.</translation>
    </message>
    <message>
        <source>Your sign-in may not do this: ask a manager.</source>
        <translation>Ihre Anmeldung darf das nicht: fragen Sie die Leitung.</translation>
    </message>
    <message>
        <source>The server was busy and nothing changed. Please try again.</source>
        <translation>Der Server war ausgelastet, nichts wurde geändert. Bitte erneut versuchen.</translation>
    </message>
    <message>
        <source>The server cannot be reached. Check the connection and try again.</source>
        <translation>Der Server ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The database belongs to another version of the box office: ask whoever runs the server.</source>
        <translation>Die Datenbank gehört zu einer anderen Version der Kassensoftware: fragen Sie, wer den Server betreut.</translation>
    </message>
    <message>
        <source>A cancellation fee is at most what was paid for the stay, and not negative. Nothing was changed.</source>
        <translation>Eine Stornogebühr ist nicht negativ und höchstens so hoch wie der für den Aufenthalt gezahlte Betrag. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>A party is %1 to %2 people.</source>
        <extracomment>%1 and %2 are the smallest and the largest party a table is booked for.</extracomment>
        <translation>Eine Gruppe hat %1 bis %2 Personen.</translation>
    </message>
    <message>
        <source>Give a start and an end time.</source>
        <translation>Geben Sie eine Anfangs- und eine Endzeit an.</translation>
    </message>
    <message>
        <source>The booking must end after it starts.</source>
        <translation>Die Tischbuchung muss nach ihrem Beginn enden.</translation>
    </message>
    <message>
        <source>A booking lasts at most %1 hours.</source>
        <extracomment>%1 is the most hours one table booking lasts, e.g. 12.</extracomment>
        <translation>Eine Tischbuchung dauert höchstens %1 Stunden.</translation>
    </message>
    <message>
        <source>This table booking cannot be found: look it up again.</source>
        <translation>Diese Tischbuchung ist nicht zu finden: bitte neu suchen.</translation>
    </message>
    <message>
        <source>Choose a restaurant.</source>
        <translation>Wählen Sie ein Restaurant.</translation>
    </message>
    <message>
        <source>Choose a table.</source>
        <translation>Wählen Sie einen Tisch.</translation>
    </message>
    <message>
        <source>That table does not exist (any more): choose another.</source>
        <translation>Diesen Tisch gibt es nicht (mehr): wählen Sie einen anderen.</translation>
    </message>
    <message>
        <source>That table is already booked for part of that time: choose another table or time.</source>
        <translation>Dieser Tisch ist für einen Teil dieser Zeit schon gebucht: wählen Sie einen anderen Tisch oder eine andere Uhrzeit.</translation>
    </message>
    <message>
        <source>Table %1 seats %2, fewer than the party of %3.</source>
        <extracomment>%1 is the table&apos;s name, %2 how many it seats, %3 the size of the party.</extracomment>
        <translation>Tisch %1 ist zu klein für eine Gruppe von %3 Personen (Plätze: %2).</translation>
    </message>
    <message>
        <source>No table for a party of %1 is free from %2 for %3 minutes.</source>
        <extracomment>%1 is the size of the party, %2 the time the booking starts (&quot;19:30&quot;), %3 how many minutes it lasts.</extracomment>
        <translation>Für eine Gruppe von %1 ist ab %2 Uhr für %3 Minuten kein Tisch frei.</translation>
    </message>
    <message>
        <source>An amount in the till cannot be below zero.</source>
        <translation>Ein Betrag in der Kasse kann nicht unter null liegen.</translation>
    </message>
    <message>
        <source>That is more than a till holds; check the amount.</source>
        <translation>Das ist mehr, als eine Kasse fasst; prüfen Sie den Betrag.</translation>
    </message>
    <message>
        <source>A note is at most %1 characters.</source>
        <extracomment>%1 is the most characters a note may have, e.g. 500.</extracomment>
        <translation>Eine Notiz hat höchstens %1 Zeichen.</translation>
    </message>
    <message>
        <source>Choose the till&apos;s currency.</source>
        <translation>Wählen Sie die Währung der Kasse.</translation>
    </message>
    <message>
        <source>Choose a day for the report.</source>
        <translation>Wählen Sie einen Tag für den Bericht.</translation>
    </message>
    <message>
        <source>This till cannot be found: look at the list again.</source>
        <translation>Diese Kasse ist nicht zu finden: sehen Sie bitte erneut in die Liste.</translation>
    </message>
    <message>
        <source>Your till at this terminal is open already (since %1); close it before opening another.</source>
        <extracomment>%1 is the time the till was opened, e.g. 17:55.</extracomment>
        <translation>Ihre Kasse an diesem Terminal ist schon offen (seit %1 Uhr); schließen Sie sie, bevor Sie eine neue öffnen.</translation>
    </message>
    <message>
        <source>This till was closed already.</source>
        <translation>Diese Kasse wurde schon geschlossen.</translation>
    </message>
    <message>
        <source>This till is still open: its clerk closes it first.</source>
        <translation>Diese Kasse ist noch offen: zuerst schließt sie der Kassierer, der sie führt.</translation>
    </message>
    <message>
        <source>This till was countersigned already.</source>
        <translation>Diese Kasse wurde schon gegengezeichnet.</translation>
    </message>
    <message>
        <source>Only the clerk who opened this till can close it.</source>
        <translation>Nur wer diese Kasse geöffnet hat, kann sie schließen.</translation>
    </message>
    <message>
        <source>A till is countersigned by a manager other than the clerk who kept it.</source>
        <translation>Gegenzeichnen darf nur die Leitung, und nicht, wer die Kasse selbst geführt hat.</translation>
    </message>
    <message>
        <source>A complimentary seat is always free; it has no price to set.</source>
        <translation>Eine Freikarte ist immer kostenlos; für sie gibt es keinen Preis festzulegen.</translation>
    </message>
    <message>
        <source>A price cannot be negative.</source>
        <translation>Ein Preis kann nicht negativ sein.</translation>
    </message>
    <message>
        <source>Choose a seat of this sale first.</source>
        <translation>Wählen Sie zuerst einen Platz dieses Verkaufs.</translation>
    </message>
    <message>
        <source>That seat is no longer held by this sale.</source>
        <translation>Dieser Platz ist für diesen Verkauf nicht mehr reserviert.</translation>
    </message>
    <message>
        <source>That price type has no price in this seat&apos;s band: choose another, or ask a manager to set one.</source>
        <translation>Für diese Preisart gibt es in der Preiskategorie dieses Platzes keinen Preis: wählen Sie eine andere oder bitten Sie die Leitung, einen festzulegen.</translation>
    </message>
    <message>
        <source>This performance has no price band %1.</source>
        <extracomment>%1 is the price band&apos;s code as the seat map shows it, e.g. A.</extracomment>
        <translation>Diese Vorstellung hat keine Preiskategorie %1.</translation>
    </message>
    <message>
        <source>Only a manager may set prices.</source>
        <translation>Nur die Leitung darf Preise festlegen.</translation>
    </message>
    <message>
        <source>A complimentary seat needs a reason.</source>
        <translation>Eine Freikarte braucht einen Grund.</translation>
    </message>
    <message>
        <source>A complimentary seat needs a manager: ask a manager to sign in.</source>
        <translation>Eine Freikarte braucht die Leitung: bitten Sie die Leitung, sich an dieser Kasse anzumelden.</translation>
    </message>
    <message>
        <source>Select the seats to hold for the house first.</source>
        <translation>Wählen Sie zuerst die Plätze, die als Hausplätze zurückgehalten werden sollen.</translation>
    </message>
    <message>
        <source>Say who the house seats are for.</source>
        <translation>Geben Sie an, für wen die Hausplätze sind.</translation>
    </message>
    <message>
        <source>Select the house seats to release first.</source>
        <translation>Wählen Sie zuerst die Hausplätze, die freigegeben werden sollen.</translation>
    </message>
    <message>
        <source>Only a manager may hold seats for the house.</source>
        <translation>Nur die Leitung darf Hausplätze zurückhalten.</translation>
    </message>
    <message>
        <source>Only a manager may release house seats.</source>
        <translation>Nur die Leitung darf Hausplätze freigeben.</translation>
    </message>
    <message>
        <source>Give both a check-in and a check-out date.</source>
        <translation>Geben Sie ein An- und ein Abreisedatum an.</translation>
    </message>
    <message>
        <source>A stay needs at least one night: check-out is the day after check-in at the earliest.</source>
        <translation>Ein Aufenthalt hat mindestens eine Nacht: die Abreise ist frühestens am Tag nach der Anreise.</translation>
    </message>
    <message>
        <source>A stay can be at most %1 nights.</source>
        <extracomment>%1 is the most nights one stay may have, e.g. 60.</extracomment>
        <translation>Ein Aufenthalt kann höchstens %1 Nächte dauern.</translation>
    </message>
    <message>
        <source>Choose a room type.</source>
        <translation>Wählen Sie eine Zimmerkategorie.</translation>
    </message>
    <message>
        <source>That room type does not exist (any more): look at the calendar again.</source>
        <translation>Diese Zimmerkategorie gibt es nicht (mehr): sehen Sie bitte erneut in den Kalender.</translation>
    </message>
    <message>
        <source>The guest name is too long.</source>
        <translation>Der Name des Gastes ist zu lang.</translation>
    </message>
    <message>
        <source>A hold lasts from one second to 24 hours.</source>
        <translation>Eine Reservierung dauert zwischen einer Sekunde und 24 Stunden.</translation>
    </message>
    <message>
        <source>This stay cannot be found: look it up again.</source>
        <translation>Dieser Aufenthalt ist nicht zu finden: bitte neu suchen.</translation>
    </message>
    <message>
        <source>This stay or that room type cannot be found: look it up again.</source>
        <translation>Dieser Aufenthalt oder diese Zimmerkategorie ist nicht zu finden: bitte neu suchen.</translation>
    </message>
    <message>
        <source>This hotel cannot be found: choose it again.</source>
        <translation>Dieses Hotel ist nicht zu finden: wählen Sie es bitte erneut.</translation>
    </message>
    <message>
        <source>Show between one night and two years.</source>
        <translation>Zeigen Sie zwischen einer Nacht und zwei Jahren an.</translation>
    </message>
    <message>
        <source>Give the first night and the night after the last.</source>
        <translation>Geben Sie die erste Nacht und die Nacht nach der letzten an.</translation>
    </message>
    <message>
        <source>Say what to change: sellable rooms, physical rooms or both.</source>
        <translation>Geben Sie an, was sich ändern soll: verkaufbare Zimmer, vorhandene Zimmer oder beides.</translation>
    </message>
    <message>
        <source>Room counts cannot be negative.</source>
        <translation>Zimmerzahlen können nicht negativ sein.</translation>
    </message>
    <message>
        <source>Only a booked stay can check in.</source>
        <translation>Einchecken kann nur ein gebuchter Aufenthalt.</translation>
    </message>
    <message>
        <source>Only a checked-in stay can check out.</source>
        <translation>Auschecken kann nur ein eingecheckter Aufenthalt.</translation>
    </message>
    <message>
        <source>This stay was booked on guarantee: take the payment, then check out.</source>
        <translation>Dieser Aufenthalt wurde mit Garantie gebucht: kassieren Sie zuerst, dann checken Sie aus.</translation>
    </message>
    <message>
        <source>Nothing is owed for this stay on departure, so no payment was taken. Nothing was changed.</source>
        <translation>Für diesen Aufenthalt ist bei der Abreise nichts zu zahlen, deshalb wurde keine Zahlung angenommen. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Settle a guarantee with cash or a card payment.</source>
        <translation>Begleichen Sie eine Garantie bar oder mit Karte.</translation>
    </message>
    <message>
        <source>An upgrade goes to a better room type.</source>
        <translation>Ein Upgrade geht in eine bessere Zimmerkategorie.</translation>
    </message>
    <message>
        <source>Say why, and give a compensation of zero or more. Nothing was changed.</source>
        <translation>Geben Sie einen Grund und eine Entschädigung von null oder mehr an. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Choose the overbooked night first.</source>
        <translation>Wählen Sie zuerst die überbuchte Nacht.</translation>
    </message>
    <message>
        <source>A walk is not a move.</source>
        <translation>Ausquartieren ist keine Umbuchung.</translation>
    </message>
    <message>
        <source>That case is already closed.</source>
        <translation>Dieser Fall ist schon abgeschlossen.</translation>
    </message>
    <message>
        <source>Choose a stay in the guest list first.</source>
        <translation>Wählen Sie zuerst einen Aufenthalt in der Gästeliste.</translation>
    </message>
    <message>
        <source>Choose the stay and the nights to move it to first.</source>
        <translation>Wählen Sie zuerst den Aufenthalt und die Nächte, auf die er umgebucht wird.</translation>
    </message>
    <message>
        <source>Say how the price difference is settled.</source>
        <translation>Geben Sie an, wie die Preisdifferenz ausgeglichen wird.</translation>
    </message>
    <message>
        <source>The new stay costs no more: there is nothing to charge.</source>
        <translation>Der neue Aufenthalt kostet nicht mehr: es gibt nichts zu kassieren.</translation>
    </message>
    <message>
        <source>Nothing has been paid for this stay yet: the guest pays the new price on departure, nothing is charged now.</source>
        <translation>Für diesen Aufenthalt wurde noch nichts bezahlt: der Gast zahlt den neuen Preis bei der Abreise, jetzt wird nichts kassiert.</translation>
    </message>
    <message>
        <source>Take the difference now, in cash or by card.</source>
        <translation>Kassieren Sie die Differenz jetzt, bar oder mit Karte.</translation>
    </message>
    <message>
        <source>Take the difference in cash, or type the card terminal&apos;s reference.</source>
        <translation>Kassieren Sie die Differenz bar oder geben Sie die Referenz des Kartenterminals ein.</translation>
    </message>
    <message>
        <source>Only a move to a cheaper stay refunds a difference.</source>
        <translation>Eine Differenz wird nur bei einer Umbuchung auf einen günstigeren Aufenthalt erstattet.</translation>
    </message>
    <message>
        <source>Nothing has been paid for this stay, so nothing is refunded: the guest pays the lower price on departure.</source>
        <translation>Für diesen Aufenthalt wurde nichts bezahlt, also wird nichts erstattet: der Gast zahlt den niedrigeren Preis bei der Abreise.</translation>
    </message>
    <message>
        <source>Only a dearer stay&apos;s difference can be waived.</source>
        <translation>Erlassen werden kann nur die Differenz zu einem teureren Aufenthalt.</translation>
    </message>
    <message>
        <source>Type the guest&apos;s name: a stay is booked in a guest&apos;s name. Nothing was booked.</source>
        <translation>Geben Sie den Namen des Gastes ein: Ein Aufenthalt wird auf den Namen eines Gastes gebucht. Es wurde nichts gebucht.</translation>
    </message>
    <message>
        <source>A guest detail is too long: at most %1 characters.</source>
        <extracomment>%1 is the most characters the detail may have, e.g. 200.</extracomment>
        <translation>Eine Angabe zum Gast ist zu lang: höchstens %1 Zeichen.</translation>
    </message>
    <message>
        <source>A guest detail holds a character that cannot be printed (pasted from elsewhere?): type it again.</source>
        <translation>Eine Angabe zum Gast enthält ein nicht druckbares Zeichen (von anderswo eingefügt?): bitte neu eintippen.</translation>
    </message>
    <message>
        <source>That e-mail address is not complete: check it, or leave it empty.</source>
        <translation>Diese E-Mail-Adresse ist unvollständig: Prüfen Sie sie, oder lassen Sie das Feld leer.</translation>
    </message>
    <message>
        <source>This guest profile cannot be found: look the guest up again.</source>
        <translation>Dieses Gästeprofil ist nicht zu finden: Suchen Sie den Gast erneut.</translation>
    </message>
    <message>
        <source>The nights are no longer held for this desk: hold them again, then book.</source>
        <translation>Die Nächte sind für diesen Schalter nicht mehr reserviert: Reservieren Sie sie erneut, dann buchen Sie.</translation>
    </message>
    <message>
        <source>A charge needs a description, a price above zero and a quantity from 1 to 999.</source>
        <translation>Eine Buchung braucht eine Beschreibung, einen Preis über null und eine Menge von 1 bis 999.</translation>
    </message>
    <message>
        <source>Charges are posted only while the guest is checked in.</source>
        <translation>Buchungen sind nur möglich, solange der Gast eingecheckt ist.</translation>
    </message>
    <message>
        <source>Say why the charge is voided.</source>
        <translation>Sagen Sie, warum die Buchung storniert wird.</translation>
    </message>
    <message>
        <source>Only a manager may void a charge: ask one to sign in.</source>
        <translation>Nur die Leitung darf eine Buchung stornieren: Bitten Sie sie, sich anzumelden.</translation>
    </message>
    <message>
        <source>That charge was voided or paid already; nothing changed.</source>
        <translation>Diese Buchung wurde bereits storniert oder bezahlt; nichts wurde geändert.</translation>
    </message>
    <message>
        <source>The balance changed while the guest was paying (another desk posted or voided a charge). Nothing was changed: look at the folio and ask again.</source>
        <translation>Der Saldo hat sich geändert, während der Gast bezahlte (ein anderer Platz hat gebucht oder storniert). Nichts wurde geändert: Sehen Sie sich das Folio an und fragen Sie erneut.</translation>
    </message>
    <message>
        <source>This guest still owes money: take the payment of the balance, then check out.</source>
        <translation>Dieser Gast schuldet noch Geld: Kassieren Sie den Saldo, dann checken Sie aus.</translation>
    </message>
    <message>
        <source>This stay still owes money (the room on guarantee or folio charges): settle the folio and check out.</source>
        <translation>Für diesen Aufenthalt ist noch Geld offen (das Zimmer auf Garantie oder Folio-Buchungen): Begleichen Sie das Folio und checken Sie aus.</translation>
    </message>
    <message>
        <source>Give the group&apos;s name.</source>
        <translation>Geben Sie den Namen der Gruppe an.</translation>
    </message>
    <message>
        <source>A group block holds rooms for one to %1 nights.</source>
        <extracomment>%1 is the most nights one block may have, e.g. 366.</extracomment>
        <translation>Ein Gruppenkontingent blockt Zimmer für eine bis %1 Nächte.</translation>
    </message>
    <message>
        <source>A group block holds from 0 to %1 rooms a night, and some rooms on at least one night.</source>
        <extracomment>%1 is the most rooms a block may hold on one night, e.g. 999.</extracomment>
        <translation>Ein Gruppenkontingent blockt 0 bis %1 Zimmer pro Nacht, und in mindestens einer Nacht Zimmer.</translation>
    </message>
    <message>
        <source>Give the block a cut-off that is still ahead.</source>
        <translation>Geben Sie dem Kontingent einen Stichtag, der noch in der Zukunft liegt.</translation>
    </message>
    <message>
        <source>Not enough rooms are on sale on %1: nothing was held for the group.</source>
        <extracomment>%1 is the first night without enough rooms on sale, e.g. 2026-05-01.</extracomment>
        <translation>Am %1 sind nicht genug Zimmer im Verkauf: Für die Gruppe wurde nichts geblockt.</translation>
    </message>
    <message>
        <source>The group&apos;s block has no room left on %1: nothing was picked up.</source>
        <extracomment>%1 is the first night the group&apos;s block has no room left, e.g. 2026-05-01.</extracomment>
        <translation>Das Kontingent der Gruppe hat am %1 kein Zimmer mehr: Es wurde nichts abgerufen.</translation>
    </message>
    <message>
        <source>The group&apos;s cut-off has passed: its rooms are back on general sale. Book the guest as any guest.</source>
        <translation>Der Stichtag der Gruppe ist vorbei: Ihre Zimmer sind wieder im freien Verkauf. Buchen Sie den Gast wie jeden anderen.</translation>
    </message>
    <message>
        <source>Give the guest&apos;s name.</source>
        <translation>Geben Sie den Namen des Gastes an.</translation>
    </message>
    <message>
        <source>Choose nights within the group&apos;s block.</source>
        <translation>Wählen Sie Nächte innerhalb des Gruppenkontingents.</translation>
    </message>
    <message>
        <source>Only a manager holds, shrinks or lets go of a group&apos;s rooms.</source>
        <translation>Nur ein Manager blockt, verkleinert oder gibt die Zimmer einer Gruppe frei.</translation>
    </message>
    <message>
        <source>This group block cannot be found: look at the list again.</source>
        <translation>Dieses Gruppenkontingent gibt es nicht (mehr): Sehen Sie in der Liste nach.</translation>
    </message>
    <message>
        <source>The guest arrives on a later day. Check-in opens on the arrival day; before it only a manager can allow an early check-in.</source>
        <translation>Der Gast reist an einem späteren Tag an. Der Check-in öffnet am Anreisetag; davor kann nur eine Führungskraft einen frühen Check-in erlauben.</translation>
    </message>
    <message>
        <source>The stay&apos;s last night has passed: there is nothing to check into.</source>
        <translation>Die letzte Nacht des Aufenthalts ist vorbei: Es gibt nichts mehr einzuchecken.</translation>
    </message>
    <message>
        <source>Say why the guest may check in early.</source>
        <translation>Sagen Sie, warum der Gast früher einchecken darf.</translation>
    </message>
    <message>
        <source>Today is the arrival day or later: the guest can simply check in.</source>
        <translation>Heute ist der Anreisetag oder später: Der Gast kann einfach einchecken.</translation>
    </message>
    <message>
        <source>Name the partner property the guest goes to (one of this hotel&apos;s). Nothing was changed.</source>
        <translation>Nennen Sie das Partnerhaus, in das der Gast geht (eines dieses Hotels). Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Show between one night and a year.</source>
        <translation>Zeigen Sie zwischen einer Nacht und einem Jahr.</translation>
    </message>
    <message>
        <source>Give the partner property&apos;s name.</source>
        <translation>Geben Sie den Namen des Partnerhauses an.</translation>
    </message>
    <message>
        <source>Give the rate a name of at most %1 characters.</source>
        <extracomment>%1 is the longest name a rate may have, in characters, e.g. 80.</extracomment>
        <translation>Geben Sie dem Tarif einen Namen mit höchstens %1 Zeichen.</translation>
    </message>
    <message>
        <source>A rate runs from its first night to a last night on or after it.</source>
        <translation>Ein Tarif gilt von seiner ersten Nacht bis zu einer letzten Nacht am selben oder einem späteren Tag.</translation>
    </message>
    <message>
        <source>A rate covers at most %1 nights: split it in two.</source>
        <extracomment>%1 is the most nights one rate may cover, e.g. 732.</extracomment>
        <translation>Ein Tarif umfasst höchstens %1 Nächte: Teilen Sie ihn in zwei.</translation>
    </message>
    <message>
        <source>Choose the weekdays again.</source>
        <translation>Wählen Sie die Wochentage erneut.</translation>
    </message>
    <message>
        <source>A rate cannot be negative.</source>
        <translation>Ein Tarif kann nicht negativ sein.</translation>
    </message>
    <message>
        <source>Only a manager may set room rates: ask a manager to sign in.</source>
        <translation>Nur eine Leitung darf Zimmerpreise festlegen: Bitten Sie eine Leitung, sich anzumelden.</translation>
    </message>
    <message>
        <source>That rate no longer exists: someone removed it. The list is read again.</source>
        <translation>Diesen Tarif gibt es nicht mehr: Jemand hat ihn entfernt. Die Liste wird neu gelesen.</translation>
    </message>
    <message>
        <source>Select a room in the rack first.</source>
        <translation>Wählen Sie zuerst ein Zimmer in der Zimmerübersicht.</translation>
    </message>
    <message>
        <source>That room or stay cannot be found (any more): look at the rack again.</source>
        <translation>Dieses Zimmer oder dieser Aufenthalt ist nicht (mehr) zu finden: sehen Sie in der Zimmerübersicht nach.</translation>
    </message>
    <message>
        <source>That room is taken or out of order on at least one of those nights. Choose another room; nothing was changed.</source>
        <translation>Dieses Zimmer ist in mindestens einer dieser Nächte belegt oder außer Betrieb. Wählen Sie ein anderes Zimmer; es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>No clean room of this type is free for the whole stay, so the guest was not checked in. Have a room cleaned or give the stay a room in the Rooms tab.</source>
        <translation>Für den ganzen Aufenthalt ist kein sauberes Zimmer dieser Kategorie frei, der Gast wurde daher nicht eingecheckt. Lassen Sie ein Zimmer reinigen oder weisen Sie dem Aufenthalt im Reiter Zimmer ein Zimmer zu.</translation>
    </message>
    <message>
        <source>That room is not clean or inspected yet. Have it cleaned, or choose another room.</source>
        <translation>Dieses Zimmer ist noch nicht gereinigt oder abgenommen. Lassen Sie es reinigen oder wählen Sie ein anderes Zimmer.</translation>
    </message>
    <message>
        <source>That room is not of the stay&apos;s room type: choose a room of that type.</source>
        <translation>Dieses Zimmer gehört nicht zur Zimmerkategorie des Aufenthalts: Wählen Sie ein Zimmer dieser Kategorie.</translation>
    </message>
    <message>
        <source>That room is out of order: choose another room.</source>
        <translation>Dieses Zimmer ist außer Betrieb: Wählen Sie ein anderes Zimmer.</translation>
    </message>
    <message>
        <source>Only a booked stay is given a room ahead of arrival; a guest in house moves rooms instead.</source>
        <translation>Nur ein gebuchter Aufenthalt bekommt vor der Anreise ein Zimmer; ein Gast im Haus zieht stattdessen um.</translation>
    </message>
    <message>
        <source>Only a checked-in guest moves rooms; give a booked stay its room instead.</source>
        <translation>Nur ein eingecheckter Gast zieht um; weisen Sie einem gebuchten Aufenthalt stattdessen sein Zimmer zu.</translation>
    </message>
    <message>
        <source>The guest leaves today: there is no night left to move.</source>
        <translation>Der Gast reist heute ab: Es bleibt keine Nacht für einen Umzug.</translation>
    </message>
    <message>
        <source>The guest is in that room already.</source>
        <translation>Der Gast wohnt bereits in diesem Zimmer.</translation>
    </message>
    <message>
        <source>Housekeeping goes dirty, then clean, then inspected. A room out of order comes back into service first.</source>
        <translation>Die Zimmerreinigung geht von schmutzig über gereinigt zu abgenommen. Ein Zimmer außer Betrieb wird zuerst wieder in Betrieb genommen.</translation>
    </message>
    <message>
        <source>The room is in that state already.</source>
        <translation>Das Zimmer ist bereits in diesem Zustand.</translation>
    </message>
    <message>
        <source>Give the first night out of order (today or later) and the first night back in service, after it and within a year.</source>
        <translation>Geben Sie die erste Nacht außer Betrieb (heute oder später) und die erste Nacht wieder in Betrieb an, danach und innerhalb eines Jahres.</translation>
    </message>
    <message>
        <source>Say why the room is out of order.</source>
        <translation>Geben Sie an, warum das Zimmer außer Betrieb ist.</translation>
    </message>
    <message>
        <source>A guest has this room on some of those nights, or it is out of order then already. Move the stay to another room first. Nothing was changed.</source>
        <translation>In einigen dieser Nächte wohnt ein Gast in diesem Zimmer, oder es ist dann bereits außer Betrieb. Verlegen Sie den Aufenthalt zuerst in ein anderes Zimmer. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>On some of those nights no physical room of this type is left to take out of order. Nothing was changed.</source>
        <translation>In einigen dieser Nächte ist kein physisches Zimmer dieser Kategorie mehr übrig, das außer Betrieb genommen werden könnte. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>That room is not out of order.</source>
        <translation>Dieses Zimmer ist nicht außer Betrieb.</translation>
    </message>
    <message>
        <source>Find the stay by name or booking reference and choose it first.</source>
        <translation>Suchen Sie den Aufenthalt zuerst nach Name oder Buchungsnummer und wählen Sie ihn aus.</translation>
    </message>
</context>
<context>
    <name>FolioInvoice</name>
    <message>
        <source>Pro-forma invoice</source>
        <translation>Proforma-Rechnung</translation>
    </message>
    <message>
        <source>Invoice</source>
        <translation>Rechnung</translation>
    </message>
    <message>
        <source>Guest: %1</source>
        <translation>Gast: %1</translation>
    </message>
    <message>
        <source>Booking reference: %1</source>
        <translation>Buchungsnummer: %1</translation>
    </message>
    <message>
        <source>%1, %2 to %3</source>
        <translation>%1, %2 bis %3</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Posten</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Night, %1</source>
        <translation>Nacht, %1</translation>
    </message>
    <message>
        <source>%1: %2 (%3 × %4)</source>
        <translation>%1: %2 (%3 × %4)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Balance due</source>
        <translation>Offener Betrag</translation>
    </message>
    <message>
        <source>The guest is still in house: this pro-forma lists what is billed so far.</source>
        <translation>Der Gast ist noch im Haus: Diese Proforma-Rechnung zeigt, was bisher berechnet wurde.</translation>
    </message>
    <message>
        <source>Invoice %1</source>
        <translation>Rechnung %1</translation>
    </message>
</context>
<context>
    <name>FolioWords</name>
    <message>
        <source>Minibar</source>
        <translation>Minibar</translation>
    </message>
    <message>
        <source>Restaurant</source>
        <translation>Restaurant</translation>
    </message>
    <message>
        <source>Parking</source>
        <translation>Parken</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Sonstiges</translation>
    </message>
    <message>
        <source>Paid in cash</source>
        <translation>Bar bezahlt</translation>
    </message>
    <message>
        <source>Paid by card</source>
        <translation>Mit Karte bezahlt</translation>
    </message>
    <message>
        <source>Paid online</source>
        <translation>Online bezahlt</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Erstattet</translation>
    </message>
</context>
<context>
    <name>HouseHoldDialog</name>
    <message>
        <source>House</source>
        <translation>Haus</translation>
    </message>
    <message>
        <source>Press</source>
        <translation>Presse</translation>
    </message>
    <message>
        <source>Technical (kill)</source>
        <translation>Technik (Sperrplatz)</translation>
    </message>
</context>
<context>
    <name>Money</name>
    <message>
        <source>“%1” is not an amount. Type digits only, such as %2 or %3.</source>
        <translation>„%1“ ist kein Betrag. Nur Ziffern eingeben, z. B. %2 oder %3.</translation>
    </message>
</context>
<context>
    <name>Printing</name>
    <message>
        <source>There is nothing to print.</source>
        <translation>Es gibt nichts zu drucken.</translation>
    </message>
    <message>
        <source>The printer does not take this paper size.</source>
        <translation>Der Drucker nimmt dieses Papierformat nicht.</translation>
    </message>
    <message>
        <source>The printer could not start the job.</source>
        <translation>Der Drucker konnte den Auftrag nicht starten.</translation>
    </message>
    <message numerus="yes">
        <source>The printer stopped after %n page(s).</source>
        <translation>
            <numerusform>Der Drucker hat nach %n Seite angehalten.</numerusform>
            <numerusform>Der Drucker hat nach %n Seiten angehalten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Printing was cancelled.</source>
        <translation>Der Druck wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The printer could not finish the job.</source>
        <translation>Der Drucker konnte den Auftrag nicht beenden.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>goes back to the guest&apos;s card through the payment provider, within a few days</source>
        <translation>geht über den Zahlungsdienst innerhalb weniger Tage auf die Karte des Gastes zurück</translation>
    </message>
    <message>
        <source>is handed back at the desk now</source>
        <translation>wird jetzt an der Rezeption ausgezahlt</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>abgelaufen</translation>
    </message>
    <message>
        <source>Starting the box office…</source>
        <translation>Die Kasse wird gestartet …</translation>
    </message>
    <message>
        <source>Box office</source>
        <translation>Kasse</translation>
    </message>
    <message>
        <source>Loading the demo %1…</source>
        <translation>Demo „%1“ wird geladen …</translation>
    </message>
    <message>
        <source>Box-office desktop: sell seats at the counter.</source>
        <translation>Kassenprogramm: Plätze an der Kasse verkaufen.</translation>
    </message>
    <message>
        <source>PostgreSQL URL of the central inventory.</source>
        <translation>PostgreSQL-URL des zentralen Bestands.</translation>
    </message>
    <message>
        <source>Staff login. With BOXOFFICE_PASSWORD set, signs in without the dialog.</source>
        <translation>Mitarbeiter-Login. Ist BOXOFFICE_PASSWORD gesetzt, erfolgt die Anmeldung ohne Dialog.</translation>
    </message>
    <message>
        <source>Open this event first.</source>
        <translation>Diese Vorstellung zuerst öffnen.</translation>
    </message>
    <message>
        <source>Folder for ticket PDFs.</source>
        <translation>Ordner für Ticket-PDFs.</translation>
    </message>
    <message>
        <source>Looking for the database…</source>
        <translation>Datenbank wird gesucht …</translation>
    </message>
    <message>
        <source>No database to work with.</source>
        <translation>Keine Datenbank verfügbar.</translation>
    </message>
    <message>
        <source>The database is not ready for the box office.</source>
        <translation>Die Datenbank ist für die Kasse nicht bereit.</translation>
    </message>
    <message>
        <source>your private demo database on this computer (demo sign-in: %1 / %2)</source>
        <translation>Ihre private Demo-Datenbank auf diesem Computer (Demo-Anmeldung: %1 / %2)</translation>
    </message>
    <message>
        <source>Signing in as %1 failed.</source>
        <translation>Die Anmeldung als %1 ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Box office tickets</source>
        <translation>Kassentickets</translation>
    </message>
    <message numerus="yes">
        <source>%1 to %2 (%n night(s))</source>
        <translation>
            <numerusform>%1 bis %2 (%n Nacht)</numerusform>
            <numerusform>%1 bis %2 (%n Nächte)</numerusform>
        </translation>
    </message>
    <message>
        <source>d MMM</source>
        <comment>date format (QLocale): day and month</comment>
        <translation>d. MMM</translation>
    </message>
    <message>
        <source>Free cancellation until %1: no fee is kept.</source>
        <translation>Kostenlose Stornierung bis %1: Es wird keine Gebühr einbehalten.</translation>
    </message>
    <message>
        <source>The free cancellation ended %1. Nothing was paid for this stay, so no fee can be taken.</source>
        <translation>Die kostenlose Stornierung endete %1. Für diesen Aufenthalt wurde nichts bezahlt, daher kann keine Gebühr erhoben werden.</translation>
    </message>
    <message>
        <source>The free cancellation ended %1: the cancellation policy asks a fee of %2. A manager may keep less, saying why.</source>
        <translation>Die kostenlose Stornierung endete %1: Die Stornobedingungen sehen eine Gebühr von %2 vor. Eine Führungskraft darf mit Begründung weniger einbehalten.</translation>
    </message>
</context>
<context>
    <name>Receipt</name>
    <message>
        <source>Refund receipt, order %1</source>
        <translation>Erstattungsbeleg, Bestellung %1</translation>
    </message>
    <message>
        <source>Receipt, order %1</source>
        <translation>Beleg, Bestellung %1</translation>
    </message>
    <message>
        <source>Exchange receipt, order %1</source>
        <translation>Umtauschbeleg, Bestellung %1</translation>
    </message>
</context>
<context>
    <name>ReceiptStocks</name>
    <message>
        <source>80 mm receipt roll</source>
        <translation>Bonrolle 80 mm</translation>
    </message>
    <message>
        <source>A4</source>
        <translation>A4</translation>
    </message>
</context>
<context>
    <name>SeatItem</name>
    <message>
        <source>Available</source>
        <translation>Frei</translation>
    </message>
    <message>
        <source>Held by you</source>
        <translation>Von Ihnen reserviert</translation>
    </message>
    <message>
        <source>Held by another sale</source>
        <translation>Von einem anderen Verkauf reserviert</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Verkauft</translation>
    </message>
    <message>
        <source>plain, in its price band&apos;s colour</source>
        <translation>einfarbig, in der Farbe seiner Preiskategorie</translation>
    </message>
    <message>
        <source>blue with a white dot in the corner</source>
        <translation>blau mit weißem Punkt in der Ecke</translation>
    </message>
    <message>
        <source>amber and hatched</source>
        <translation>orange und schraffiert</translation>
    </message>
    <message>
        <source>dark grey and crossed out</source>
        <translation>dunkelgrau und durchgestrichen</translation>
    </message>
    <message>
        <source>with a white bar across</source>
        <translation>mit einem weißen Querbalken</translation>
    </message>
    <message>
        <source>House seat (off sale)</source>
        <translation>Hausplatz (nicht im Verkauf)</translation>
    </message>
</context>
<context>
    <name>SeatMapView</name>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
</context>
<context>
    <name>StateWords</name>
    <message>
        <source>pending</source>
        <comment>order state</comment>
        <translation>offen</translation>
    </message>
    <message>
        <source>paid</source>
        <comment>order state</comment>
        <translation>bezahlt</translation>
    </message>
    <message>
        <source>guaranteed</source>
        <comment>order state</comment>
        <translation>garantiert</translation>
    </message>
    <message>
        <source>expired</source>
        <comment>order state</comment>
        <translation>abgelaufen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>order state</comment>
        <translation>storniert</translation>
    </message>
    <message>
        <source>refunded</source>
        <comment>order state</comment>
        <translation>erstattet</translation>
    </message>
    <message>
        <source>pending</source>
        <comment>order line state</comment>
        <translation>offen</translation>
    </message>
    <message>
        <source>sold</source>
        <comment>order line state</comment>
        <translation>verkauft</translation>
    </message>
    <message>
        <source>lost</source>
        <comment>order line state: went to another buyer</comment>
        <translation>verloren</translation>
    </message>
    <message>
        <source>released</source>
        <comment>order line state</comment>
        <translation>freigegeben</translation>
    </message>
    <message>
        <source>replaced</source>
        <comment>order line state: exchanged</comment>
        <translation>umgetauscht</translation>
    </message>
    <message>
        <source>refunded</source>
        <comment>order line state</comment>
        <translation>erstattet</translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>order line state</comment>
        <translation>storniert</translation>
    </message>
    <message>
        <source>due</source>
        <comment>refund state</comment>
        <translation>fällig</translation>
    </message>
    <message>
        <source>paid out</source>
        <comment>refund state</comment>
        <translation>ausgezahlt</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>refund state</comment>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>manager</source>
        <translation>Leitung</translation>
    </message>
    <message>
        <source>clerk</source>
        <translation>Kassierer</translation>
    </message>
    <message>
        <source>move</source>
        <comment>overbooking: to another room type</comment>
        <translation>Umbuchung</translation>
    </message>
    <message>
        <source>upgrade</source>
        <comment>overbooking</comment>
        <translation>Upgrade</translation>
    </message>
    <message>
        <source>walk</source>
        <comment>overbooking: to a partner hotel</comment>
        <translation>Ausquartierung</translation>
    </message>
    <message>
        <source>refunded</source>
        <comment>door refusal</comment>
        <translation>erstattet</translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>door refusal</comment>
        <translation>storniert</translation>
    </message>
    <message>
        <source>not paid</source>
        <comment>door refusal</comment>
        <translation>nicht bezahlt</translation>
    </message>
    <message>
        <source>exchanged for another seat</source>
        <comment>door refusal</comment>
        <translation>gegen einen anderen Platz umgetauscht</translation>
    </message>
    <message>
        <source>order number</source>
        <translation>Bestellnummer</translation>
    </message>
    <message>
        <source>ticket code</source>
        <translation>Ticketcode</translation>
    </message>
    <message>
        <source>buyer name</source>
        <translation>Name des Käufers</translation>
    </message>
    <message>
        <source>guest name</source>
        <translation>Name des Gastes</translation>
    </message>
    <message>
        <source>card terminal reference</source>
        <translation>Referenz des Kartenterminals</translation>
    </message>
    <message>
        <source>%1 added</source>
        <translation>%1 hinzugekommen</translation>
    </message>
    <message>
        <source>%1 no longer held</source>
        <translation>%1 nicht mehr reserviert</translation>
    </message>
    <message>
        <source>%1 at a new price</source>
        <translation>%1 zu neuem Preis</translation>
    </message>
    <message>
        <source>the total changed</source>
        <translation>die Summe hat sich geändert</translation>
    </message>
    <message>
        <source>for another event</source>
        <comment>door refusal</comment>
        <translation>für eine andere Veranstaltung</translation>
    </message>
</context>
<context>
    <name>StayColumns</name>
    <message>
        <source>Reference</source>
        <translation>Buchungsnr.</translation>
    </message>
    <message>
        <source>Guest</source>
        <translation>Gast</translation>
    </message>
    <message>
        <source>Room type</source>
        <translation>Zimmerkategorie</translation>
    </message>
    <message>
        <source>Check-in</source>
        <translation>Anreise</translation>
    </message>
    <message>
        <source>Check-out</source>
        <translation>Abreise</translation>
    </message>
</context>
<context>
    <name>TicketPdfWriter</name>
    <message>
        <source>The tickets could not be saved to %1: %2.</source>
        <translation>Die Tickets konnten nicht unter %1 gespeichert werden: %2.</translation>
    </message>
    <message>
        <source>Box office</source>
        <translation>Kasse</translation>
    </message>
    <message>
        <source>SECTION</source>
        <translation>BEREICH</translation>
    </message>
    <message>
        <source>ROW</source>
        <translation>REIHE</translation>
    </message>
    <message>
        <source>SEAT</source>
        <translation>PLATZ</translation>
    </message>
    <message>
        <source>PRICE</source>
        <translation>PREIS</translation>
    </message>
    <message>
        <source>ORDER</source>
        <translation>BESTELLUNG</translation>
    </message>
    <message>
        <source>No QR code</source>
        <translation>Kein QR-Code</translation>
    </message>
    <message>
        <source>Sold by %1</source>
        <translation>Verkauft von %1</translation>
    </message>
    <message>
        <source>There are no tickets to print.</source>
        <translation>Es gibt keine Tickets zu drucken.</translation>
    </message>
    <message>
        <source>A ticket of order %1 has no code, so the door could not verify it.</source>
        <translation>Ein Ticket der Bestellung %1 hat keinen Code, der Einlass könnte es also nicht prüfen.</translation>
    </message>
    <message>
        <source>Ticket</source>
        <translation>Ticket</translation>
    </message>
    <message>
        <source>Tickets</source>
        <translation>Tickets</translation>
    </message>
    <message>
        <source>STANDING</source>
        <translation>STEHPLATZ</translation>
    </message>
    <message>
        <source>PLACE</source>
        <translation>PLATZ</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Standing — %1</source>
        <translation>Stehplatz — %1</translation>
    </message>
    <message>
        <source>admits one</source>
        <translation>Einlass für eine Person</translation>
    </message>
    <message>
        <source>VOUCHER · HOTEL STAY</source>
        <translation>GUTSCHEIN · HOTELAUFENTHALT</translation>
    </message>
    <message>
        <source>VOUCHER · TABLE BOOKING</source>
        <translation>GUTSCHEIN · TISCHRESERVIERUNG</translation>
    </message>
    <message>
        <source>CHECK-IN</source>
        <translation>ANREISE</translation>
    </message>
    <message>
        <source>CHECK-OUT</source>
        <translation>ABREISE</translation>
    </message>
    <message>
        <source>NIGHTS</source>
        <translation>NÄCHTE</translation>
    </message>
    <message>
        <source>DATE</source>
        <translation>DATUM</translation>
    </message>
    <message>
        <source>TIME</source>
        <translation>UHRZEIT</translation>
    </message>
    <message>
        <source>PARTY</source>
        <translation>PERSONEN</translation>
    </message>
    <message>
        <source>BOOKING REFERENCE</source>
        <translation>BUCHUNGSREFERENZ</translation>
    </message>
    <message>
        <source>BOOKING NUMBER</source>
        <translation>BUCHUNGSNUMMER</translation>
    </message>
    <message>
        <source>Voucher</source>
        <translation>Gutschein</translation>
    </message>
    <message>
        <source>Vouchers</source>
        <translation>Gutscheine</translation>
    </message>
</context>
<context>
    <name>TicketStocks</name>
    <message>
        <source>Ticket printer (2 x 5.5 in)</source>
        <translation>Ticketdrucker (2 x 5,5 Zoll)</translation>
    </message>
    <message>
        <source>A6, one ticket a page</source>
        <translation>A6, ein Ticket pro Seite</translation>
    </message>
    <message>
        <source>A4, three tickets a page</source>
        <translation>A4, drei Tickets pro Seite</translation>
    </message>
</context>
<context>
    <name>boxoffice</name>
    <message>
        <source>Only a manager may do this. Ask a manager to approve it here, or send it to a manager&apos;s queue.</source>
        <translation>Das darf nur die Leitung. Lassen Sie es hier von der Leitung genehmigen oder schicken Sie es in die Warteschlange der Leitung.</translation>
    </message>
    <message>
        <source>The new seats are no longer held for this sale. Nothing was changed; hold them again.</source>
        <translation>Die neuen Plätze sind für diesen Verkauf nicht mehr reserviert. Nichts wurde geändert; reservieren Sie sie erneut.</translation>
    </message>
    <message>
        <source>%1 went to another buyer meanwhile. Nothing was changed; hold other seats and try again.</source>
        <translation>%1 ging inzwischen an einen anderen Käufer. Nichts wurde geändert; reservieren Sie andere Plätze und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The order or the held seats changed meanwhile. Nothing was changed; look at the order again.</source>
        <translation>Die Bestellung oder die reservierten Plätze haben sich inzwischen geändert. Nichts wurde geändert; sehen Sie sich die Bestellung erneut an.</translation>
    </message>
    <message>
        <source>That order or request does not exist any more.</source>
        <translation>Diese Bestellung oder Anfrage gibt es nicht mehr.</translation>
    </message>
    <message>
        <source>The server is busy or cannot be reached. Nothing was changed; try again.</source>
        <translation>Der Server ist ausgelastet oder nicht erreichbar. Nichts wurde geändert; versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>This could not be done. Nothing was changed.</source>
        <translation>Das ging nicht. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <source>Standing</source>
        <translation>Stehplatz</translation>
    </message>
    <message>
        <source>Stay</source>
        <translation>Aufenthalt</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tisch</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>Cash</source>
        <translation>Bar</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>Card on file (guarantee)</source>
        <translation>Hinterlegte Karte (Garantie)</translation>
    </message>
    <message>
        <source>Refund, cash handed back</source>
        <translation>Erstattung, bar ausgezahlt</translation>
    </message>
    <message>
        <source>Refund to the card</source>
        <translation>Erstattung auf die Karte</translation>
    </message>
    <message>
        <source>Refund due, to follow</source>
        <translation>Erstattung fällig, folgt</translation>
    </message>
    <message>
        <source>Receipt</source>
        <translation>Beleg</translation>
    </message>
    <message>
        <source>Refund receipt</source>
        <translation>Erstattungsbeleg</translation>
    </message>
    <message>
        <source>Receipt (copy)</source>
        <translation>Beleg (Kopie)</translation>
    </message>
    <message>
        <source>Order %1</source>
        <translation>Bestellung %1</translation>
    </message>
    <message>
        <source>Units given back: as recorded on the order</source>
        <translation>Zurückgegebene Positionen: wie in der Bestellung erfasst</translation>
    </message>
    <message>
        <source>No lines</source>
        <translation>Keine Positionen</translation>
    </message>
    <message>
        <source>%1: taken by another buyer first, not charged</source>
        <translation>%1: zuerst von einem anderen Käufer genommen, nicht berechnet</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Erstattet</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>Paid by %1</source>
        <translation>Bezahlt mit %1</translation>
    </message>
    <message>
        <source>Paid online (%1)</source>
        <translation>Online bezahlt (%1)</translation>
    </message>
    <message>
        <source>Tendered</source>
        <translation>Gegeben</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Wechselgeld</translation>
    </message>
    <message>
        <source>Card terminal reference %1</source>
        <translation>Referenz des Kartenterminals %1</translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation>Grund: %1</translation>
    </message>
    <message>
        <source>Net paid</source>
        <translation>Netto bezahlt</translation>
    </message>
    <message>
        <source>Served by %1</source>
        <translation>Es bediente Sie %1</translation>
    </message>
    <message>
        <source>Terminal %1</source>
        <translation>Terminal %1</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 um %2</translation>
    </message>
    <message>
        <source>Keep this receipt with your refund.</source>
        <translation>Bewahren Sie diesen Beleg zu Ihrer Erstattung auf.</translation>
    </message>
    <message>
        <source>Thank you. Please keep this receipt.</source>
        <translation>Vielen Dank. Bitte bewahren Sie diesen Beleg auf.</translation>
    </message>
    <message>
        <source>Refund through the online payment</source>
        <translation>Erstattung über die Online-Zahlung</translation>
    </message>
    <message>
        <source>Refund to the card (terminal reference %1)</source>
        <translation>Erstattung auf die Karte (Referenz des Kartenterminals %1)</translation>
    </message>
    <message>
        <source>Approved by %1</source>
        <translation>Genehmigt von %1</translation>
    </message>
    <message>
        <source>Exchange receipt</source>
        <translation>Umtauschbeleg</translation>
    </message>
    <message>
        <source>Exchanged from order %1</source>
        <translation>Umgetauscht aus Bestellung %1</translation>
    </message>
    <message>
        <source>Given back (order %1)</source>
        <translation>Zurückgegeben (Bestellung %1)</translation>
    </message>
    <message>
        <source>Sold (order %1)</source>
        <translation>Verkauft (Bestellung %1)</translation>
    </message>
    <message>
        <source>New units</source>
        <translation>Neue Positionen</translation>
    </message>
    <message>
        <source>Credit from order %1</source>
        <translation>Gutschrift aus Bestellung %1</translation>
    </message>
    <message>
        <source>Difference paid</source>
        <translation>Differenz bezahlt</translation>
    </message>
    <message>
        <source>Difference given back</source>
        <translation>Differenz erstattet</translation>
    </message>
    <message>
        <source>No difference to pay</source>
        <translation>Keine Differenz zu zahlen</translation>
    </message>
    <message>
        <source>The tickets given back no longer admit; the new tickets do.</source>
        <translation>Die zurückgegebenen Tickets gelten nicht mehr für den Einlass, die neuen schon.</translation>
    </message>
</context>
<context>
    <name>boxoffice::ApprovalsPanel</name>
    <message>
        <source>Waiting for a manager</source>
        <translation>Warten auf die Leitung</translation>
    </message>
    <message>
        <source>Refunds and exchanges waiting for a manager</source>
        <translation>Erstattungen und Umtausche, die auf die Leitung warten</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Bestellung</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>Positionen</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Asked by</source>
        <translation>Angefragt von</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>Neu &amp;laden</translation>
    </message>
    <message>
        <source>A&amp;pprove</source>
        <translation>&amp;Genehmigen</translation>
    </message>
    <message>
        <source>&amp;Decline</source>
        <translation>&amp;Ablehnen</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Erstattung</translation>
    </message>
    <message>
        <source>Exchange</source>
        <translation>Umtausch</translation>
    </message>
    <message>
        <source>whole order</source>
        <translation>ganze Bestellung</translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n Position</numerusform>
            <numerusform>%n Positionen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1 at %2, %3</source>
        <translation>%1 an %2, %3</translation>
    </message>
    <message>
        <source>Select a request first.</source>
        <translation>Wählen Sie zuerst eine Anfrage.</translation>
    </message>
    <message>
        <source>Approve the %1 of order %2: &quot;%3&quot;.</source>
        <translation>%1 der Bestellung %2 genehmigen: „%3“.</translation>
    </message>
    <message>
        <source>Decline the %1 of order %2: &quot;%3&quot;.</source>
        <translation>%1 der Bestellung %2 ablehnen: „%3“.</translation>
    </message>
    <message>
        <source>refund</source>
        <translation>Erstattung</translation>
    </message>
    <message>
        <source>exchange</source>
        <translation>Umtausch</translation>
    </message>
    <message>
        <source>Another manager decided this request already.</source>
        <translation>Über diese Anfrage hat schon jemand anderes aus der Leitung entschieden.</translation>
    </message>
    <message>
        <source>Declined: nothing was refunded or exchanged.</source>
        <translation>Abgelehnt: nichts wurde erstattet oder umgetauscht.</translation>
    </message>
    <message>
        <source>Approved and refunded %1.</source>
        <translation>Genehmigt und %1 erstattet.</translation>
    </message>
    <message>
        <source>Approved and exchanged.</source>
        <translation>Genehmigt und umgetauscht.</translation>
    </message>
    <message>
        <source>Not connected to the server. Wait for the connection, then try again.</source>
        <translation>Keine Verbindung zum Server. Warten Sie auf die Verbindung und versuchen Sie es dann erneut.</translation>
    </message>
</context>
<context>
    <name>boxoffice::ArrivalsAtRiskModel</name>
    <message>
        <source>%1 rooms booked over the physical rooms of %2 on the night of %3</source>
        <translation>%1 Zimmer über die vorhandenen Zimmer der Kategorie %2 hinaus gebucht, in der Nacht vom %3</translation>
    </message>
    <message>
        <source>Over by</source>
        <translation>Überbucht um</translation>
    </message>
</context>
<context>
    <name>boxoffice::CartModel</name>
    <message>
        <source>Held until %1 (server time)</source>
        <translation>Reserviert bis %1 (Serverzeit)</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preis</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>Restzeit</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>Double-click or press F2 to sell this seat at another price type</source>
        <translation>Doppelklick oder F2, um diesen Platz zu einer anderen Preisart zu verkaufen</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Preisart</translation>
    </message>
</context>
<context>
    <name>boxoffice::CompensationDialog</name>
    <message>
        <source>Guest: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Gast: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>e.g. %1 %2</source>
        <translation>z. B. %1 %2</translation>
    </message>
    <message>
        <source>e.g. first night at the partner hotel, taxi paid</source>
        <translation>z. B. erste Nacht im Partnerhotel, Taxi bezahlt</translation>
    </message>
    <message>
        <source>Compensation &amp;paid:</source>
        <translation>Entschädigung &amp;gezahlt:</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>Gr&amp;und:</translation>
    </message>
    <message>
        <source>Partner &amp;property:</source>
        <translation>&amp;Partnerhaus:</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Type the partner property&apos;s name</source>
        <translation>Namen des Partnerhauses eingeben</translation>
    </message>
    <message>
        <source>Choose, or type a new one</source>
        <translation>Auswählen oder ein neues eingeben</translation>
    </message>
</context>
<context>
    <name>boxoffice::CompensationReport</name>
    <message>
        <source>Night</source>
        <translation>Nacht</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>Fälle</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Gezahlt</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Als CSV exportieren …</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s), %1 paid in total</source>
        <translation>
            <numerusform>%n Fall, insgesamt %1 gezahlt</numerusform>
            <numerusform>%n Fälle, insgesamt %1 gezahlt</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>No compensations in this period.</source>
        <translation>Keine Entschädigungen in diesem Zeitraum.</translation>
    </message>
    <message>
        <source>Compensations per night</source>
        <translation>Entschädigungen pro Nacht</translation>
    </message>
    <message>
        <source>Compensations paid per reason</source>
        <translation>Gezahlte Entschädigungen nach Grund</translation>
    </message>
    <message>
        <source>%1 to %2: %3</source>
        <comment>walk to &lt;partner property&gt;: &lt;reason&gt;</comment>
        <translation>%1 nach %2: %3</translation>
    </message>
</context>
<context>
    <name>boxoffice::ConnectionBanner</name>
    <message>
        <source>Connection to the server</source>
        <translation>Verbindung zum Server</translation>
    </message>
    <message>
        <source>The connection to the box-office server was lost at %1.</source>
        <translation>Die Verbindung zum Kassenserver ist um %1 abgebrochen.</translation>
    </message>
    <message>
        <source>Everything held for this sale stays held until at least %1; nothing sold or paid is lost.</source>
        <translation>Alles für diesen Verkauf Reservierte bleibt mindestens bis %1 reserviert; nichts Verkauftes oder Bezahltes geht verloren.</translation>
    </message>
    <message>
        <source>Nothing sold or paid is lost.</source>
        <translation>Nichts Verkauftes oder Bezahltes geht verloren.</translation>
    </message>
    <message>
        <source>Holding, selling and front-desk bookings wait until the connection is back; the map and the cart still show what you had.</source>
        <translation>Reservieren, Verkaufen und Buchungen an der Rezeption warten, bis die Verbindung wieder steht; Saalplan und Warenkorb zeigen weiter den letzten Stand.</translation>
    </message>
    <message>
        <source>Now reconnecting…</source>
        <translation>Verbindung wird wiederhergestellt …</translation>
    </message>
    <message>
        <source>Now reconnecting (attempt %1)…</source>
        <translation>Verbindung wird wiederhergestellt (Versuch %1) …</translation>
    </message>
    <message numerus="yes">
        <source>Attempt %1 did not reach the server; reconnecting again in %n s.</source>
        <translation>
            <numerusform>Versuch %1 hat den Server nicht erreicht; neuer Versuch in %n s.</numerusform>
            <numerusform>Versuch %1 hat den Server nicht erreicht; neuer Versuch in %n s.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server answers again: reconnecting your session and reloading…</source>
        <translation>Der Server antwortet wieder: Ihre Sitzung wird neu verbunden und neu geladen …</translation>
    </message>
</context>
<context>
    <name>boxoffice::CounterCheckout</name>
    <message>
        <source>Nothing in this sale is held any more (the holds ran out or were given back): nothing was sold; take no payment.</source>
        <translation>In diesem Verkauf ist nichts mehr reserviert (die Reservierungen sind abgelaufen oder wurden freigegeben): nichts wurde verkauft; kein Geld annehmen.</translation>
    </message>
    <message>
        <source>Not connected to the server: nothing was sold.</source>
        <translation>Keine Verbindung zum Server: nichts wurde verkauft.</translation>
    </message>
    <message>
        <source>The hold on %1 ran out or was given back before the sale: nothing was sold and no money is due. Hold the seats again to sell them.</source>
        <translation>Die Reservierung von %1 ist vor dem Verkauf abgelaufen oder wurde freigegeben: nichts wurde verkauft, es ist nichts zu zahlen. Reservieren Sie die Plätze erneut, um sie zu verkaufen.</translation>
    </message>
    <message>
        <source>This sale changed while it was open (%1): tell the buyer the new total.</source>
        <translation>Dieser Verkauf hat sich geändert, während er offen war (%1): nennen Sie dem Käufer die neue Summe.</translation>
    </message>
    <message>
        <source>Could not re-read this sale from the server just now (%1) Selling still checks it.</source>
        <translation>Dieser Verkauf konnte gerade nicht neu vom Server gelesen werden (%1) Beim Verkaufen wird er trotzdem geprüft.</translation>
    </message>
</context>
<context>
    <name>boxoffice::DatabaseWaitIndicator</name>
    <message>
        <source>Waiting for the server</source>
        <translation>Warten auf den Server</translation>
    </message>
    <message>
        <source>Waiting for the server…</source>
        <translation>Warten auf den Server…</translation>
    </message>
    <message numerus="yes">
        <source>Waiting for the server… %n s</source>
        <translation>
            <numerusform>Warten auf den Server… %n s</numerusform>
            <numerusform>Warten auf den Server… %n s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::DeskWindow</name>
    <message>
        <source>Select seats on the map first (drag a box, or Ctrl-click seats).</source>
        <translation>Wählen Sie zuerst Plätze im Saalplan aus (Rahmen aufziehen oder Plätze mit Strg anklicken).</translation>
    </message>
    <message>
        <source>Held %1.</source>
        <translation>%1 reserviert.</translation>
    </message>
    <message>
        <source>No %1 seats together are free with that choice.</source>
        <translation>Mit dieser Auswahl sind keine %1 Plätze nebeneinander frei.</translation>
    </message>
    <message>
        <source>Held %1 (%2 better blocks went to other buyers first).</source>
        <translation>%1 reserviert (%2 bessere Blöcke gingen vorher an andere Käufer).</translation>
    </message>
    <message>
        <source>Other buyers took the best %1 blocks while we tried; press Ctrl+B again.</source>
        <translation>Andere Käufer haben währenddessen die besten %1 Blöcke genommen; drücken Sie erneut Strg+B.</translation>
    </message>
    <message>
        <source>Nothing to give back: those holds had already ended.</source>
        <translation>Nichts freizugeben: diese Reservierungen waren schon beendet.</translation>
    </message>
    <message>
        <source>Gave back %1; they are on sale again.</source>
        <translation>%1 freigegeben; wieder im Verkauf.</translation>
    </message>
    <message>
        <source>These holds cannot be extended any further.</source>
        <translation>Diese Reservierungen können nicht weiter verlängert werden.</translation>
    </message>
    <message>
        <source>Order %1 sold: %2 charged.</source>
        <translation>Bestellung %1 verkauft: %2 kassiert.</translation>
    </message>
    <message>
        <source>Give %1 change.</source>
        <translation>%1 Wechselgeld geben.</translation>
    </message>
    <message>
        <source>%1 had gone to another buyer and was not charged.</source>
        <translation>%1 war an einen anderen Käufer gegangen und wurde nicht berechnet.</translation>
    </message>
    <message>
        <source>No tickets printed yet in this session.</source>
        <translation>In dieser Sitzung wurden noch keine Tickets gedruckt.</translation>
    </message>
    <message>
        <source>No PDF viewer to open %1 with; print it from the file manager.</source>
        <translation>Kein PDF-Betrachter zum Öffnen von %1; bitte aus dem Dateimanager drucken.</translation>
    </message>
    <message>
        <source>Seat %1 is sold.</source>
        <translation>Platz %1 ist verkauft.</translation>
    </message>
    <message>
        <source>Seat %1 is held by another buyer.</source>
        <translation>Platz %1 ist von einem anderen Käufer reserviert.</translation>
    </message>
    <message>
        <source>Seat %1 was just taken by another buyer after its hold ran out.</source>
        <translation>Platz %1 wurde nach Ablauf der Reservierung gerade von einem anderen Käufer genommen.</translation>
    </message>
    <message>
        <source>The hold on %1 ran out; back on sale.</source>
        <translation>Die Reservierung von %1 ist abgelaufen; wieder im Verkauf.</translation>
    </message>
    <message>
        <source>Sign out / s&amp;witch user…</source>
        <translation>Abmelden / Benutzer &amp;wechseln …</translation>
    </message>
    <message>
        <source>Give back what this sale holds and let someone else sign in (Ctrl+L)</source>
        <translation>Reservierungen dieses Verkaufs freigeben und eine andere Person anmelden lassen (Strg+L)</translation>
    </message>
    <message>
        <source>Signed out · terminal %1 · press Ctrl+L to sign in</source>
        <translation>Abgemeldet · Terminal %1 · Strg+L zum Anmelden</translation>
    </message>
    <message>
        <source>&amp;Sign in…</source>
        <translation>&amp;Anmelden …</translation>
    </message>
    <message>
        <source>Signed in: %1 (%2) · terminal %3</source>
        <translation>Angemeldet: %1 (%2) · Terminal %3</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>Server: %1</translation>
    </message>
    <message numerus="yes">
        <source>This sale holds %n seat(s). Signing out gives them back for sale.</source>
        <translation>
            <numerusform>Dieser Verkauf hält %n Platz. Beim Abmelden wird er wieder freigegeben.</numerusform>
            <numerusform>Dieser Verkauf hält %n Plätze. Beim Abmelden werden sie wieder freigegeben.</numerusform>
        </translation>
    </message>
    <message>
        <source>A room is held for this booking. Signing out gives it back for sale.</source>
        <translation>Für diese Buchung ist ein Zimmer reserviert. Beim Abmelden wird es wieder freigegeben.</translation>
    </message>
    <message>
        <source>The room held at the front desk is given back too.</source>
        <translation>Das an der Rezeption reservierte Zimmer wird ebenfalls freigegeben.</translation>
    </message>
    <message>
        <source>Nothing already sold or paid changes. Sign out?</source>
        <translation>Bereits Verkauftes oder Bezahltes bleibt unverändert. Abmelden?</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>Abmelden</translation>
    </message>
    <message>
        <source>Signed out.</source>
        <translation>Abgemeldet.</translation>
    </message>
    <message>
        <source>&amp;Event:</source>
        <translation>&amp;Vorstellung:</translation>
    </message>
    <message>
        <source>Find seat, e.g. C-3-14 (Ctrl+F)</source>
        <translation>Platz suchen, z. B. C-3-14 (Strg+F)</translation>
    </message>
    <message>
        <source>Best available:</source>
        <translation>Beste Plätze:</translation>
    </message>
    <message>
        <source> together</source>
        <translation> nebeneinander</translation>
    </message>
    <message>
        <source>&amp;Best available</source>
        <translation>&amp;Beste Plätze</translation>
    </message>
    <message>
        <source>Hold the best block of seats together (Ctrl+B)</source>
        <translation>Den besten Block nebeneinanderliegender Plätze reservieren (Strg+B)</translation>
    </message>
    <message>
        <source>This sale</source>
        <translation>Dieser Verkauf</translation>
    </message>
    <message>
        <source>&amp;Hold selected</source>
        <translation>Auswahl &amp;reservieren</translation>
    </message>
    <message>
        <source>Hold the seats selected on the map (Ctrl+H)</source>
        <translation>Die im Saalplan ausgewählten Plätze reservieren (Strg+H)</translation>
    </message>
    <message>
        <source>&amp;Release</source>
        <translation>&amp;Freigeben</translation>
    </message>
    <message>
        <source>Give back the chosen cart rows, or the whole cart (Ctrl+R)</source>
        <translation>Die gewählten Zeilen oder den ganzen Warenkorb freigeben (Strg+R)</translation>
    </message>
    <message>
        <source>E&amp;xtend</source>
        <translation>Ver&amp;längern</translation>
    </message>
    <message>
        <source>One more hold period, within the event&apos;s limit (Ctrl+E)</source>
        <translation>Eine weitere Reservierungsfrist, im Rahmen der Vorstellung (Strg+E)</translation>
    </message>
    <message>
        <source>Sell: cash (F9)</source>
        <translation>Verkauf: bar (F9)</translation>
    </message>
    <message>
        <source>Sell: card (F10)</source>
        <translation>Verkauf: Karte (F10)</translation>
    </message>
    <message>
        <source>Box office</source>
        <translation>Kasse</translation>
    </message>
    <message>
        <source>Hotel front desk</source>
        <translation>Hotelrezeption</translation>
    </message>
    <message>
        <source>Door</source>
        <translation>Einlass</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Bestellungen</translation>
    </message>
    <message>
        <source>%1 — %2, %3</source>
        <translation>%1 — %2, %3</translation>
    </message>
    <message>
        <source>No events are on sale. Load some with: boxoffice-ctl seed-demo</source>
        <translation>Keine Vorstellungen im Verkauf. Laden Sie welche mit: boxoffice-ctl seed-demo</translation>
    </message>
    <message>
        <source>any section</source>
        <translation>jeder Bereich</translation>
    </message>
    <message>
        <source>any price</source>
        <translation>jeder Preis</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1: %2 seats. Click a seat to hold it, or press Ctrl+B for the best %3 together.</source>
        <translation>%1: %2 Plätze. Platz anklicken, um ihn zu reservieren, oder Strg+B für die besten %3 nebeneinander.</translation>
    </message>
    <message>
        <source>Seat %1 selected: Ctrl+H holds it.</source>
        <translation>Platz %1 ausgewählt: Strg+H reserviert ihn.</translation>
    </message>
    <message>
        <source>No seat %1 in this event. Seats are named section-row-seat, e.g. A-3-14.</source>
        <translation>Keinen Platz %1 in dieser Vorstellung. Plätze heißen Bereich-Reihe-Platz, z. B. A-3-14.</translation>
    </message>
    <message>
        <source>Total: %1</source>
        <translation>Summe: %1</translation>
    </message>
    <message>
        <source>E&amp;xtend (%1 left)</source>
        <translation>Ver&amp;längern (noch %1)</translation>
    </message>
    <message>
        <source>no event</source>
        <translation>keine Vorstellung</translation>
    </message>
    <message>
        <source>Box office — %1 — %2 (%3)</source>
        <translation>Kasse — %1 — %2 (%3)</translation>
    </message>
    <message>
        <source>Find seat</source>
        <translation>Platz suchen</translation>
    </message>
    <message>
        <source>Seats together for best available</source>
        <translation>Anzahl nebeneinanderliegender Plätze für „Beste Plätze“</translation>
    </message>
    <message>
        <source>Section for best available</source>
        <translation>Bereich für „Beste Plätze“</translation>
    </message>
    <message>
        <source>Price band for best available</source>
        <translation>Preiskategorie für „Beste Plätze“</translation>
    </message>
    <message>
        <source>What this sale holds: each seat or place with its price and the time left on its hold. Delete gives back the chosen rows.</source>
        <translation>Was dieser Verkauf reserviert hat: jeder Platz mit Preis und Restzeit der Reservierung. Entf gibt die gewählten Zeilen frei.</translation>
    </message>
    <message>
        <source>Total of this sale</source>
        <translation>Summe dieses Verkaufs</translation>
    </message>
    <message>
        <source>Desk</source>
        <translation>Kassenplatz</translation>
    </message>
    <message>
        <source>Ctrl+Tab and Ctrl+Page Down show the next tab, Ctrl+Shift+Tab and Ctrl+Page Up the previous one.</source>
        <translation>Strg+Tab und Strg+Bild ab zeigen den nächsten Reiter, Strg+Umschalt+Tab und Strg+Bild auf den vorigen.</translation>
    </message>
    <message numerus="yes">
        <source>Extended %n hold(s).</source>
        <translation>
            <numerusform>%n Reservierung verlängert.</numerusform>
            <numerusform>%n Reservierungen verlängert.</numerusform>
        </translation>
    </message>
    <message>
        <source>ddd d MMM HH:mm</source>
        <comment>date format (QLocale): weekday, day, month, time</comment>
        <translation>ddd d. MMM HH:mm</translation>
    </message>
    <message>
        <source>These holds have used every extension allowed: sell now, or give them back and hold again.</source>
        <translation>Diese Reservierungen wurden so oft wie erlaubt verlängert: jetzt verkaufen oder freigeben und neu reservieren.</translation>
    </message>
    <message>
        <source>Nothing in this sale is held any more (the holds ran out): hold again.</source>
        <translation>In diesem Verkauf ist nichts mehr reserviert (die Reservierungen sind abgelaufen): bitte neu reservieren.</translation>
    </message>
    <message>
        <source>Nothing is held for this sale yet: hold seats, standing places or a table first.</source>
        <translation>Für diesen Verkauf ist noch nichts reserviert: reservieren Sie zuerst Plätze, Stehplätze oder einen Tisch.</translation>
    </message>
    <message>
        <source>Not connected to the server: nothing can be sold until the connection is back.</source>
        <translation>Keine Verbindung zum Server: bis die Verbindung wieder steht, kann nichts verkauft werden.</translation>
    </message>
    <message>
        <source>No sale: everything in it stays held.</source>
        <translation>Kein Verkauf: alles darin bleibt reserviert.</translation>
    </message>
    <message numerus="yes">
        <source>%n ticket(s) saved to %1.</source>
        <translation>
            <numerusform>%n Ticket unter %1 gespeichert.</numerusform>
            <numerusform>%n Tickets unter %1 gespeichert.</numerusform>
        </translation>
    </message>
    <message>
        <source>The tickets could not be saved to %1: check the folder, then print them again from the Orders tab.</source>
        <translation>Die Tickets konnten nicht unter %1 gespeichert werden: prüfen Sie den Ordner und drucken Sie sie dann erneut über „Bestellungen“.</translation>
    </message>
    <message numerus="yes">
        <source>This sale holds %n item(s) (seats, standing places or tables). Signing out gives them back for sale.</source>
        <translation>
            <numerusform>Dieser Verkauf hält %n Position (Platz, Stehplatz oder Tisch). Beim Abmelden wird sie wieder freigegeben.</numerusform>
            <numerusform>Dieser Verkauf hält %n Positionen (Plätze, Stehplätze oder Tische). Beim Abmelden werden sie wieder freigegeben.</numerusform>
        </translation>
    </message>
    <message>
        <source>What this sale holds could not be given back, so you are still signed in: %1</source>
        <translation>Was dieser Verkauf reserviert hat, konnte nicht freigegeben werden, Sie sind also noch angemeldet: %1</translation>
    </message>
    <message>
        <source>Signed out; what the sale held is on sale again.</source>
        <translation>Abgemeldet; was der Verkauf reserviert hatte, ist wieder im Verkauf.</translation>
    </message>
    <message>
        <source>Till</source>
        <translation>Kassenabschluss</translation>
    </message>
    <message>
        <source>Nothing held</source>
        <translation>Nichts reserviert</translation>
    </message>
    <message>
        <source>Also gave back %1.</source>
        <translation>Außerdem %1 freigegeben.</translation>
    </message>
    <message>
        <source>Standing places have no printed ticket: the buyer shows the receipt with order number %1 at the door (%2).</source>
        <translation>Stehplätze haben kein gedrucktes Ticket: der Käufer zeigt am Einlass den Beleg mit der Bestellnummer %1 (%2).</translation>
    </message>
    <message>
        <source>The table is booked under order number %1 (%2): the deposit is on the receipt, no ticket.</source>
        <translation>Der Tisch ist unter Bestellnummer %1 gebucht (%2): die Anzahlung steht auf dem Beleg, kein Ticket.</translation>
    </message>
    <message>
        <source>Print the last sale&apos;s &amp;tickets</source>
        <translation>&amp;Tickets des letzten Verkaufs drucken</translation>
    </message>
    <message>
        <source>Print the last sale&apos;s &amp;receipt</source>
        <translation>&amp;Beleg des letzten Verkaufs drucken</translation>
    </message>
    <message>
        <source>&amp;Open the last tickets as PDF</source>
        <translation>Letzte Tickets als PDF ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Printer settings for tic&amp;kets…</source>
        <translation>Drucker für Tic&amp;kets …</translation>
    </message>
    <message>
        <source>Tickets will print on %1.</source>
        <translation>Tickets werden auf %1 gedruckt.</translation>
    </message>
    <message>
        <source>Printer settings for re&amp;ceipts…</source>
        <translation>Drucker für Bele&amp;ge …</translation>
    </message>
    <message>
        <source>Receipts will print on %1.</source>
        <translation>Belege werden auf %1 gedruckt.</translation>
    </message>
    <message>
        <source>Print tickets and receipt &amp;after each sale</source>
        <translation>Tickets und Beleg &amp;nach jedem Verkauf drucken</translation>
    </message>
    <message>
        <source>Printing</source>
        <translation>Drucken</translation>
    </message>
    <message>
        <source>Print tickets and receipts; choose the printers</source>
        <translation>Tickets und Belege drucken; Drucker wählen</translation>
    </message>
    <message>
        <source>The tickets were not printed: %1</source>
        <translation>Die Tickets wurden nicht gedruckt: %1</translation>
    </message>
    <message>
        <source>The receipt was not printed: %1</source>
        <translation>Der Beleg wurde nicht gedruckt: %1</translation>
    </message>
    <message>
        <source>Printing the tickets and the receipt.</source>
        <translation>Tickets und Beleg werden gedruckt.</translation>
    </message>
    <message>
        <source>Printing the tickets; Ctrl+Shift+P prints the receipt.</source>
        <translation>Die Tickets werden gedruckt; Strg+Umschalt+P druckt den Beleg.</translation>
    </message>
    <message>
        <source>Printing the receipt.</source>
        <translation>Der Beleg wird gedruckt.</translation>
    </message>
    <message>
        <source>Printing the receipt; Ctrl+P prints the tickets.</source>
        <translation>Der Beleg wird gedruckt; Strg+P druckt die Tickets.</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P prints the receipt.</source>
        <translation>Strg+Umschalt+P druckt den Beleg.</translation>
    </message>
    <message>
        <source>Ctrl+P prints the tickets, Ctrl+Shift+P the receipt.</source>
        <translation>Strg+P druckt die Tickets, Strg+Umschalt+P den Beleg.</translation>
    </message>
    <message>
        <source>No tickets sold yet in this session. Reprint an older order&apos;s from the Orders tab.</source>
        <translation>In dieser Sitzung wurden noch keine Tickets verkauft. Tickets älterer Bestellungen druckt man über „Bestellungen“ nach.</translation>
    </message>
    <message numerus="yes">
        <source>Printing %n ticket(s)…</source>
        <translation>
            <numerusform>%n Ticket wird gedruckt …</numerusform>
            <numerusform>%n Tickets werden gedruckt …</numerusform>
        </translation>
    </message>
    <message>
        <source>No sale yet in this session. Print an older order&apos;s receipt from the Orders tab.</source>
        <translation>In dieser Sitzung gab es noch keinen Verkauf. Belege älterer Bestellungen druckt man über „Bestellungen“.</translation>
    </message>
    <message>
        <source>Printing the receipt for order %1…</source>
        <translation>Beleg für Bestellung %1 wird gedruckt …</translation>
    </message>
    <message>
        <source>Not connected to the server: wait for the connection, then reprint.</source>
        <translation>Keine Verbindung zum Server: warten Sie auf die Verbindung und drucken Sie dann erneut.</translation>
    </message>
    <message>
        <source>Order %1 has no tickets to print.</source>
        <translation>Bestellung %1 hat keine Tickets zum Drucken.</translation>
    </message>
    <message>
        <source>The tickets of order %1 could not be read: %2</source>
        <translation>Die Tickets der Bestellung %1 konnten nicht gelesen werden: %2</translation>
    </message>
    <message numerus="yes">
        <source>Reprinting %n ticket(s) of order %1 with the same codes.</source>
        <translation>
            <numerusform>%n Ticket der Bestellung %1 wird mit demselben Code nachgedruckt.</numerusform>
            <numerusform>%n Tickets der Bestellung %1 werden mit denselben Codes nachgedruckt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Printing a copy of the receipt for order %1…</source>
        <translation>Eine Kopie des Belegs für Bestellung %1 wird gedruckt …</translation>
    </message>
    <message>
        <source>Hold for &amp;house…</source>
        <translation>Für das &amp;Haus sperren …</translation>
    </message>
    <message>
        <source>Take the seats selected on the map off sale for the house, press or a technical kill</source>
        <translation>Die im Saalplan ausgewählten Plätze für Haus, Presse oder Technik aus dem Verkauf nehmen</translation>
    </message>
    <message>
        <source>Release house seats</source>
        <translation>Hausplätze freigeben</translation>
    </message>
    <message>
        <source>Put the house seats selected on the map back on sale</source>
        <translation>Die im Saalplan ausgewählten Hausplätze wieder in den Verkauf geben</translation>
    </message>
    <message>
        <source>&amp;Prices…</source>
        <translation>&amp;Preise …</translation>
    </message>
    <message>
        <source>Set this event&apos;s adult, child and concession prices per band</source>
        <translation>Preise für Erwachsene, Kinder und Ermäßigte je Preiskategorie dieser Vorstellung festlegen</translation>
    </message>
    <message>
        <source>Complimentary seat</source>
        <translation>Freikarte</translation>
    </message>
    <message>
        <source>Why is %1 given away? (recorded with the manager&apos;s name)</source>
        <translation>Warum wird %1 verschenkt? (wird mit dem Namen der Leitung erfasst)</translation>
    </message>
    <message>
        <source>No comp for %1: a complimentary seat needs a reason.</source>
        <translation>Keine Freikarte für %1: eine Freikarte braucht einen Grund.</translation>
    </message>
    <message>
        <source>A complimentary seat needs a manager: ask a manager to sign in at this desk.</source>
        <translation>Eine Freikarte braucht die Leitung: bitten Sie die Leitung, sich an dieser Kasse anzumelden.</translation>
    </message>
    <message>
        <source>Seat %1 is no longer held by this sale.</source>
        <translation>Platz %1 ist von diesem Verkauf nicht mehr reserviert.</translation>
    </message>
    <message>
        <source>Seat %1 has no %2 price for this event.</source>
        <translation>Platz %1 hat in dieser Vorstellung keinen Preis „%2“.</translation>
    </message>
    <message>
        <source>%1 sells as %2: %3.</source>
        <translation>%1 wird als %2 verkauft: %3.</translation>
    </message>
    <message>
        <source>Select the seats to hold for the house on the map first.</source>
        <translation>Wählen Sie zuerst im Saalplan die Plätze, die für das Haus gesperrt werden sollen.</translation>
    </message>
    <message>
        <source>Only a manager may hold seats for the house.</source>
        <translation>Nur die Leitung darf Plätze für das Haus sperren.</translation>
    </message>
    <message>
        <source>Not every selected seat is free: nothing was held for the house.</source>
        <translation>Nicht jeder ausgewählte Platz ist frei: nichts wurde für das Haus gesperrt.</translation>
    </message>
    <message>
        <source>Held %1 for %2 (%3): off sale until released.</source>
        <translation>%1 für %2 gesperrt (%3): nicht im Verkauf, bis freigegeben.</translation>
    </message>
    <message>
        <source>Select house seats on the map first.</source>
        <translation>Wählen Sie zuerst Hausplätze im Saalplan.</translation>
    </message>
    <message>
        <source>Only a manager may release house seats.</source>
        <translation>Nur die Leitung darf Hausplätze freigeben.</translation>
    </message>
    <message>
        <source>Released %1: on sale again.</source>
        <translation>%1 freigegeben: wieder im Verkauf.</translation>
    </message>
    <message>
        <source>Only a manager may set prices.</source>
        <translation>Nur die Leitung darf Preise festlegen.</translation>
    </message>
    <message>
        <source>No price changed.</source>
        <translation>Kein Preis geändert.</translation>
    </message>
    <message numerus="yes">
        <source>%n price(s) saved.</source>
        <translation>
            <numerusform>%n Preis gespeichert.</numerusform>
            <numerusform>%n Preise gespeichert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Seat %1 is held for the house; a manager can release it.</source>
        <translation>Platz %1 ist für das Haus gesperrt; die Leitung kann ihn freigeben.</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P prints the exchange receipt for order %1.</source>
        <translation>Strg+Umschalt+P druckt den Umtauschbeleg für Bestellung %1.</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P prints the refund receipt for order %1.</source>
        <translation>Strg+Umschalt+P druckt den Erstattungsbeleg für Bestellung %1.</translation>
    </message>
    <message>
        <source>Printing the exchange receipt for order %1…</source>
        <translation>Umtauschbeleg für Bestellung %1 wird gedruckt …</translation>
    </message>
    <message>
        <source>Printing the refund receipt for order %1…</source>
        <translation>Erstattungsbeleg für Bestellung %1 wird gedruckt …</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P prints the receipt for order %1.</source>
        <translation>Strg+Umschalt+P druckt den Beleg für Auftrag %1.</translation>
    </message>
    <message>
        <source>Total: the sale mixes currencies; sell each currency separately</source>
        <translation>Summe: Der Verkauf mischt Währungen; verkaufen Sie jede Währung einzeln</translation>
    </message>
</context>
<context>
    <name>boxoffice::DoorPanel</name>
    <message>
        <source>READY</source>
        <translation>BEREIT</translation>
    </message>
    <message>
        <source>Scan a ticket.</source>
        <translation>Ticket scannen.</translation>
    </message>
    <message>
        <source>e.g. 2 or North door</source>
        <translation>z. B. 2 oder Nordeingang</translation>
    </message>
    <message>
        <source>This scanner is at gate:</source>
        <translation>Dieser Scanner steht an Eingang:</translation>
    </message>
    <message>
        <source>Scan the ticket&apos;s QR code, or type the code and press Enter</source>
        <translation>QR-Code des Tickets scannen oder den Code eingeben und Enter drücken</translation>
    </message>
    <message>
        <source>Ticket:</source>
        <translation>Ticket:</translation>
    </message>
    <message>
        <source>Last scans at this terminal:</source>
        <translation>Letzte Scans an diesem Terminal:</translation>
    </message>
    <message>
        <source>NOT CHECKED</source>
        <translation>NICHT GEPRÜFT</translation>
    </message>
    <message>
        <source>Not connected to the server. Wait for the connection, then scan again.</source>
        <translation>Keine Verbindung zum Server. Warten Sie auf die Verbindung und scannen Sie dann erneut.</translation>
    </message>
    <message>
        <source>NAME THE GATE</source>
        <translation>EINGANG ANGEBEN</translation>
    </message>
    <message>
        <source>Type the gate this scanner is at, then scan again.</source>
        <translation>Geben Sie den Eingang dieses Scanners ein und scannen Sie dann erneut.</translation>
    </message>
    <message>
        <source>NOT A TICKET</source>
        <translation>KEIN TICKET</translation>
    </message>
    <message>
        <source>This is not a box-office ticket code.</source>
        <translation>Das ist kein Ticketcode dieser Kasse.</translation>
    </message>
    <message>
        <source>NOT A TICKET  %1</source>
        <translation>KEIN TICKET  %1</translation>
    </message>
    <message>
        <source>The server did not answer (%1). Scan the ticket again.</source>
        <translation>Der Server hat nicht geantwortet (%1). Scannen Sie das Ticket erneut.</translation>
    </message>
    <message>
        <source>ADMITTED</source>
        <translation>EINGELASSEN</translation>
    </message>
    <message>
        <source>ADMITTED  %1</source>
        <translation>EINGELASSEN  %1</translation>
    </message>
    <message>
        <source>ALREADY ADMITTED</source>
        <translation>BEREITS EINGELASSEN</translation>
    </message>
    <message>
        <source>Admitted at %1, gate %2. Do not let this ticket in again.
%3</source>
        <translation>Eingelassen um %1, Eingang %2. Dieses Ticket nicht noch einmal einlassen.
%3</translation>
    </message>
    <message>
        <source>ALREADY ADMITTED  %1 (%2)</source>
        <translation>BEREITS EINGELASSEN  %1 (%2)</translation>
    </message>
    <message>
        <source>It had been admitted before: %1.</source>
        <translation>Es war schon einmal eingelassen: %1.</translation>
    </message>
    <message>
        <source>NOT VALID</source>
        <translation>UNGÜLTIG</translation>
    </message>
    <message>
        <source>NOT VALID  %1 (%2)</source>
        <translation>UNGÜLTIG  %1 (%2)</translation>
    </message>
    <message>
        <source>No ticket with this code was ever issued. Ask for the order number and send the buyer to the box office.</source>
        <translation>Mit diesem Code wurde nie ein Ticket ausgestellt. Fragen Sie nach der Bestellnummer und schicken Sie den Käufer zur Kasse.</translation>
    </message>
    <message>
        <source>This ticket was refunded.</source>
        <translation>Dieses Ticket wurde erstattet.</translation>
    </message>
    <message>
        <source>This ticket was cancelled.</source>
        <translation>Dieses Ticket wurde storniert.</translation>
    </message>
    <message>
        <source>This ticket is not paid.</source>
        <translation>Dieses Ticket ist nicht bezahlt.</translation>
    </message>
    <message>
        <source>This ticket was exchanged for another seat.</source>
        <translation>Dieses Ticket wurde gegen einen anderen Platz umgetauscht.</translation>
    </message>
    <message>
        <source>admitted at %1, gate %2</source>
        <translation>eingelassen um %1, Eingang %2</translation>
    </message>
    <message>
        <source>%1 — seat %2 (%3), order %4</source>
        <translation>%1 — Platz %2 (%3), Bestellung %4</translation>
    </message>
    <message>
        <source>Last scans at this terminal</source>
        <translation>Letzte Scans an diesem Terminal</translation>
    </message>
    <message>
        <source>This ticket is for another event.</source>
        <translation>Dieses Ticket gilt für eine andere Veranstaltung.</translation>
    </message>
    <message>
        <source>%1 — standing, %2, order %3</source>
        <translation>%1 — Stehplatz, %2, Bestellung %3</translation>
    </message>
</context>
<context>
    <name>boxoffice::FolioDialog</name>
    <message>
        <source>Folio</source>
        <translation>Folio</translation>
    </message>
</context>
<context>
    <name>boxoffice::FolioPanel</name>
    <message>
        <source>Folio charges</source>
        <translation>Folio-Buchungen</translation>
    </message>
    <message>
        <source>Posted</source>
        <translation>Gebucht</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>Menge</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Kind of charge</source>
        <translation>Art der Buchung</translation>
    </message>
    <message>
        <source>What was it? e.g. two beers</source>
        <translation>Was war es? z. B. zwei Bier</translation>
    </message>
    <message>
        <source>× </source>
        <translation>× </translation>
    </message>
    <message>
        <source>Price of one, e.g. %1</source>
        <translation>Einzelpreis, z. B. %1</translation>
    </message>
    <message>
        <source>Price of one</source>
        <translation>Einzelpreis</translation>
    </message>
    <message>
        <source>&amp;Post charge</source>
        <translation>&amp;Buchen</translation>
    </message>
    <message>
        <source>&amp;Void charge… (manager)</source>
        <translation>&amp;Stornieren … (Leitung)</translation>
    </message>
    <message>
        <source>&amp;Settle and check out</source>
        <translation>Begleichen und aus&amp;checken</translation>
    </message>
    <message>
        <source>&amp;Invoice PDF…</source>
        <translation>&amp;Rechnung als PDF …</translation>
    </message>
    <message>
        <source>%1 — %2, %3, %4 to %5 (%6)</source>
        <translation>%1 — %2, %3, %4 bis %5 (%6)</translation>
    </message>
    <message>
        <source>Choose a stay to see its folio.</source>
        <translation>Wählen Sie einen Aufenthalt, um sein Folio zu sehen.</translation>
    </message>
    <message>
        <source>voided by %1: %2</source>
        <translation>storniert von %1: %2</translation>
    </message>
    <message>
        <source>paid</source>
        <translation>bezahlt</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <source>Balance %1: room %2, extras %3</source>
        <translation>Saldo %1: Zimmer %2, Extras %3</translation>
    </message>
    <message>
        <source>Type the price of one.</source>
        <translation>Geben Sie den Einzelpreis ein.</translation>
    </message>
    <message>
        <source>Posted: %1, %2.</source>
        <translation>Gebucht: %1, %2.</translation>
    </message>
    <message>
        <source>Choose a charge in the list first.</source>
        <translation>Wählen Sie zuerst eine Buchung in der Liste.</translation>
    </message>
    <message>
        <source>Void a charge</source>
        <translation>Buchung stornieren</translation>
    </message>
    <message>
        <source>Why is this charge voided?</source>
        <translation>Warum wird diese Buchung storniert?</translation>
    </message>
    <message>
        <source>Only a manager may void a charge: ask one to sign in.</source>
        <translation>Nur die Leitung darf eine Buchung stornieren: Bitten Sie sie, sich anzumelden.</translation>
    </message>
    <message>
        <source>The charge was voided; it stays on the folio with the reason.</source>
        <translation>Die Buchung wurde storniert; sie bleibt mit dem Grund auf dem Folio.</translation>
    </message>
    <message>
        <source>No payment was recorded: give back what the guest handed over.</source>
        <translation>Es wurde keine Zahlung erfasst: Geben Sie dem Gast zurück, was er übergeben hat.</translation>
    </message>
    <message>
        <source>Paid %1; give %2 change. The guest is checked out.</source>
        <translation>%1 bezahlt; %2 Wechselgeld geben. Der Gast ist ausgecheckt.</translation>
    </message>
    <message>
        <source>Nothing was owed. The guest is checked out.</source>
        <translation>Es war nichts offen. Der Gast ist ausgecheckt.</translation>
    </message>
    <message>
        <source>invoice-%1.pdf</source>
        <translation>rechnung-%1.pdf</translation>
    </message>
    <message>
        <source>Save the invoice</source>
        <translation>Rechnung speichern</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF-Dokumente (*.pdf)</translation>
    </message>
    <message>
        <source>Invoice written to %1.</source>
        <translation>Rechnung nach %1 geschrieben.</translation>
    </message>
    <message>
        <source>The invoice could not be written to %1.</source>
        <translation>Die Rechnung konnte nicht nach %1 geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>boxoffice::FrontDeskPanel</name>
    <message>
        <source>Held %1 (reference %2). Take the guest&apos;s details, then book.</source>
        <translation>%1 reserviert (Buchungsnr. %2). Daten des Gastes aufnehmen, dann buchen.</translation>
    </message>
    <message>
        <source>No stay held.</source>
        <translation>Kein Aufenthalt reserviert.</translation>
    </message>
    <message>
        <source>The hold on %1 ran out; the nights are on sale again.</source>
        <translation>Die Reservierung von %1 ist abgelaufen; die Nächte sind wieder im Verkauf.</translation>
    </message>
    <message>
        <source>%1 — %2 — held for %3</source>
        <translation>%1 — %2 — noch %3 reserviert</translation>
    </message>
    <message>
        <source>Select nights on the calendar first.</source>
        <translation>Wählen Sie zuerst Nächte im Kalender aus.</translation>
    </message>
    <message>
        <source>Booked %1 on guarantee: order %2, %3 due on departure.</source>
        <translation>%1 mit Garantie gebucht: Bestellung %2, %3 fällig bei Abreise.</translation>
    </message>
    <message>
        <source>Booked %1: order %2, %3 paid.</source>
        <translation>%1 gebucht: Bestellung %2, %3 bezahlt.</translation>
    </message>
    <message>
        <source>Give %1 change.</source>
        <translation>%1 Wechselgeld geben.</translation>
    </message>
    <message>
        <source>Released %1.</source>
        <translation>%1 freigegeben.</translation>
    </message>
    <message>
        <source>Choose a room type, a first night and at least one night.</source>
        <translation>Wählen Sie eine Zimmerkategorie, eine erste Nacht und mindestens eine Nacht.</translation>
    </message>
    <message>
        <source>Those nights are outside the hotel&apos;s calendar.</source>
        <translation>Diese Nächte liegen außerhalb des Hotelkalenders.</translation>
    </message>
    <message>
        <source>Select the nights on the calendar first.</source>
        <translation>Wählen Sie zuerst die Nächte im Kalender aus.</translation>
    </message>
    <message>
        <source>Only a manager may change how many rooms are sold.</source>
        <translation>Nur die Leitung darf ändern, wie viele Zimmer verkauft werden.</translation>
    </message>
    <message numerus="yes">
        <source>%n night(s) now sell up to %1 rooms.</source>
        <translation>
            <numerusform>%n Nacht verkauft jetzt bis zu %1 Zimmer.</numerusform>
            <numerusform>%n Nächte verkaufen jetzt bis zu %1 Zimmer.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stay(s) found.</source>
        <translation>
            <numerusform>%n Aufenthalt gefunden.</numerusform>
            <numerusform>%n Aufenthalte gefunden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a stay in the list first.</source>
        <translation>Wählen Sie zuerst einen Aufenthalt in der Liste.</translation>
    </message>
    <message>
        <source>Paid %1; give %2 change.</source>
        <translation>%1 bezahlt; %2 Wechselgeld geben.</translation>
    </message>
    <message>
        <source>Select the new nights on the calendar, then move.</source>
        <translation>Wählen Sie die neuen Nächte im Kalender aus, dann verlegen.</translation>
    </message>
    <message>
        <source>Done: %1 (%2).</source>
        <translation>Erledigt: %1 (%2).</translation>
    </message>
    <message>
        <source>Choose a guest in the list first.</source>
        <translation>Wählen Sie zuerst einen Gast in der Liste.</translation>
    </message>
    <message>
        <source>Walk to a partner hotel</source>
        <translation>In ein Partnerhotel ausquartieren</translation>
    </message>
    <message>
        <source>upgraded: overbooked night</source>
        <translation>Upgrade: Nacht überbucht</translation>
    </message>
    <message>
        <source>moved: overbooked night</source>
        <translation>umgebucht: Nacht überbucht</translation>
    </message>
    <message>
        <source>Only a manager may move, upgrade or walk a guest: ask one to sign in.</source>
        <translation>Nur die Leitung darf einen Gast umbuchen, upgraden oder ausquartieren: bitten Sie sie, sich anzumelden.</translation>
    </message>
    <message>
        <source>%1: %2 — recorded in the compensation ledger.</source>
        <translation>%1: %2 — im Entschädigungsbuch erfasst.</translation>
    </message>
    <message>
        <source>Choose a case in the list first.</source>
        <translation>Wählen Sie zuerst einen Fall in der Liste.</translation>
    </message>
    <message>
        <source>Case of order %1 closed.</source>
        <translation>Fall zu Bestellung %1 abgeschlossen.</translation>
    </message>
    <message>
        <source>Drag across the nights of a room type to select them, then hold them (Ctrl+H).</source>
        <translation>Über die Nächte einer Zimmerkategorie ziehen, um sie zu markieren, dann reservieren (Strg+H).</translation>
    </message>
    <message>
        <source>Book: cash</source>
        <translation>Buchen: bar</translation>
    </message>
    <message>
        <source>Book: card</source>
        <translation>Buchen: Karte</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>Freigeben</translation>
    </message>
    <message>
        <source>Book: guarantee</source>
        <translation>Buchen: Garantie</translation>
    </message>
    <message>
        <source>Or type it:</source>
        <translation>Oder eingeben:</translation>
    </message>
    <message numerus="yes">
        <source> night(s) from</source>
        <translation>
            <numerusform> Nacht ab</numerusform>
            <numerusform> Nächte ab</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Hold</source>
        <translation>&amp;Reservieren</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Festlegen</translation>
    </message>
    <message>
        <source>A manager sets how many rooms may be sold.</source>
        <translation>Wie viele Zimmer verkauft werden dürfen, legt die Leitung fest.</translation>
    </message>
    <message>
        <source>&amp;Stay</source>
        <translation>A&amp;ufenthalt</translation>
    </message>
    <message>
        <source>Name or booking reference, then Enter</source>
        <translation>Name oder Buchungsnummer, dann Enter</translation>
    </message>
    <message>
        <source>Check &amp;in</source>
        <translation>Ein&amp;checken</translation>
    </message>
    <message>
        <source>Check &amp;out</source>
        <translation>Ausc&amp;hecken</translation>
    </message>
    <message>
        <source>&amp;Move to the selected nights</source>
        <translation>Auf die gewählten Nächte &amp;verlegen</translation>
    </message>
    <message>
        <source>Ca&amp;ncel stay</source>
        <translation>Aufenthalt stor&amp;nieren</translation>
    </message>
    <message>
        <source>&amp;Guests</source>
        <translation>&amp;Gäste</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Umbuchen</translation>
    </message>
    <message>
        <source>Upgrade</source>
        <translation>Upgrade</translation>
    </message>
    <message>
        <source>Walk to a partner…</source>
        <translation>Ins Partnerhotel …</translation>
    </message>
    <message>
        <source>A manager decides this: ask one to sign in.</source>
        <translation>Das entscheidet die Leitung: bitten Sie sie, sich anzumelden.</translation>
    </message>
    <message>
        <source>&amp;Arrivals at risk</source>
        <translation>Gefährdete &amp;Anreisen</translation>
    </message>
    <message>
        <source>&amp;Compensations</source>
        <translation>&amp;Entschädigungen</translation>
    </message>
    <message>
        <source>Buyers who paid for something they could not get (refunded automatically): call them, then mark the case done.</source>
        <translation>Käufer, die für etwas bezahlt haben, das sie nicht bekommen konnten (automatisch erstattet): anrufen, dann den Fall als erledigt markieren.</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Bestellung</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Erstattung</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>Buyer contacted: close the case</source>
        <translation>Käufer erreicht: Fall abschließen</translation>
    </message>
    <message>
        <source>&amp;Refund cases</source>
        <translation>Erstattungs&amp;fälle</translation>
    </message>
    <message>
        <source>Export compensations</source>
        <translation>Entschädigungen exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>Nothing was paid for this stay, so nothing is refunded.</source>
        <translation>Für diesen Aufenthalt wurde nichts bezahlt, also wird nichts erstattet.</translation>
    </message>
    <message>
        <source>%1 refunded: it %2.</source>
        <translation>%1 erstattet: der Betrag %2.</translation>
    </message>
    <message>
        <source>The guest paid %1 for this stay. Walking refunds all of it, which %2.</source>
        <translation>Der Gast hat %1 für diesen Aufenthalt bezahlt. Beim Ausquartieren wird alles erstattet; der Betrag %2.</translation>
    </message>
    <message>
        <source>Not cancelled: the guest has paid %1 for this stay. Only a manager can cancel it, with a refund or a cancellation fee.</source>
        <translation>Nicht storniert: der Gast hat %1 für diesen Aufenthalt bezahlt. Nur die Leitung kann ihn stornieren, mit Erstattung oder Stornogebühr.</translation>
    </message>
    <message>
        <source>Not cancelled.</source>
        <translation>Nicht storniert.</translation>
    </message>
    <message>
        <source>Only a manager can cancel a paid stay: ask one to sign in. Nothing was changed.</source>
        <translation>Nur die Leitung kann einen bezahlten Aufenthalt stornieren: bitten Sie sie, sich anzumelden. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Cancelled %1 (%2):</source>
        <translation>%1 (%2) storniert:</translation>
    </message>
    <message>
        <source>its night is back on sale.</source>
        <translation>die Nacht ist wieder im Verkauf.</translation>
    </message>
    <message>
        <source>its %1 nights are back on sale.</source>
        <translation>die %1 Nächte sind wieder im Verkauf.</translation>
    </message>
    <message>
        <source>Fee kept: %1.</source>
        <translation>Gebühr einbehalten: %1.</translation>
    </message>
    <message>
        <source>Take the difference</source>
        <translation>Differenz kassieren</translation>
    </message>
    <message>
        <source>Not moved.</source>
        <translation>Nicht verlegt.</translation>
    </message>
    <message>
        <source>Not moved: nothing was charged.</source>
        <translation>Nicht verlegt: nichts wurde berechnet.</translation>
    </message>
    <message>
        <source>Only a manager can waive or refund a price difference: ask one to sign in. Nothing was changed.</source>
        <translation>Nur die Leitung kann eine Preisdifferenz erlassen oder erstatten: bitten Sie sie, sich anzumelden. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Moved %1 (%2) to %3.</source>
        <translation>%1 (%2) auf %3 verlegt.</translation>
    </message>
    <message>
        <source>Charged %1 at the desk; give %2 change.</source>
        <translation>%1 an der Rezeption kassiert; %2 Wechselgeld geben.</translation>
    </message>
    <message>
        <source>Difference of %1 waived.</source>
        <translation>Differenz von %1 erlassen.</translation>
    </message>
    <message>
        <source>New price %1, paid on departure.</source>
        <translation>Neuer Preis %1, zahlbar bei Abreise.</translation>
    </message>
    <message>
        <source>H&amp;otel:</source>
        <translation>H&amp;otel:</translation>
    </message>
    <message>
        <source>Arrow keys move, Shift+arrows select nights, Enter holds the selection</source>
        <translation>Pfeiltasten bewegen, Umschalt+Pfeiltasten wählen Nächte, Enter reserviert die Auswahl</translation>
    </message>
    <message>
        <source>Front desk tasks</source>
        <translation>Aufgaben der Rezeption</translation>
    </message>
    <message>
        <source>Nights to book</source>
        <translation>Zu buchende Nächte</translation>
    </message>
    <message>
        <source>Check-in date</source>
        <translation>Anreisedatum</translation>
    </message>
    <message>
        <source>Room type to book</source>
        <translation>Zu buchende Zimmerkategorie</translation>
    </message>
    <message>
        <source>Se&amp;llable rooms on the selected nights:</source>
        <translation>Ver&amp;käufliche Zimmer in den gewählten Nächten:</translation>
    </message>
    <message>
        <source>Find a guest</source>
        <translation>Gast suchen</translation>
    </message>
    <message>
        <source>Stays found</source>
        <translation>Gefundene Aufenthalte</translation>
    </message>
    <message>
        <source>&amp;Night:</source>
        <translation>&amp;Nacht:</translation>
    </message>
    <message>
        <source>Arrivals at risk</source>
        <translation>Gefährdete Anreisen</translation>
    </message>
    <message>
        <source>To roo&amp;m type:</source>
        <translation>In &amp;Zimmerkategorie:</translation>
    </message>
    <message>
        <source>Refund cases</source>
        <translation>Erstattungsfälle</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n night(s) from %2</source>
        <translation>
            <numerusform>%1, %n Nacht ab %2</numerusform>
            <numerusform>%1, %n Nächte ab %2</numerusform>
        </translation>
    </message>
    <message>
        <source>ddd d MMM yyyy</source>
        <comment>date format (QDateEdit): weekday, day, month, year</comment>
        <translation>ddd d. MMM yyyy</translation>
    </message>
    <message>
        <source>The server cannot be reached, so nothing can be held, booked or changed here until it is back. What is shown is as it was last read.</source>
        <translation>Der Server ist nicht erreichbar. Bis er wieder da ist, kann hier nichts reserviert, gebucht oder geändert werden. Angezeigt wird der zuletzt gelesene Stand.</translation>
    </message>
    <message>
        <source>Stay %1</source>
        <translation>Aufenthalt %1</translation>
    </message>
    <message>
        <source>Stay %1 (%2)</source>
        <translation>Aufenthalt %1 (%2)</translation>
    </message>
    <message>
        <source>Stay cancelled: %1</source>
        <translation>Aufenthalt storniert: %1</translation>
    </message>
    <message>
        <source>at the guest&apos;s request</source>
        <translation>auf Wunsch des Gastes</translation>
    </message>
    <message>
        <source>fee kept %1</source>
        <translation>Gebühr einbehalten %1</translation>
    </message>
    <message>
        <source>%1, moved to %2</source>
        <translation>%1, umgebucht auf %2</translation>
    </message>
    <message>
        <source>Room change: %1</source>
        <translation>Zimmerwechsel: %1</translation>
    </message>
    <message>
        <source>cheaper stay</source>
        <translation>günstigerer Aufenthalt</translation>
    </message>
    <message>
        <source>No payment was recorded: give back what the guest handed over.</source>
        <translation>Es wurde keine Zahlung erfasst: Geben Sie dem Gast zurück, was er übergeben hat.</translation>
    </message>
    <message>
        <source>Hold the selected nights (Ctrl+H)</source>
        <translation>Markierte Nächte reservieren (Strg+H)</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n night(s) from %2 selected: hold them (Ctrl+H), or move a stay there.</source>
        <translation>
            <numerusform>%1, %n Nacht ab %2 markiert: reservieren (Strg+H) oder einen Aufenthalt dorthin umbuchen.</numerusform>
            <numerusform>%1, %n Nächte ab %2 markiert: reservieren (Strg+H) oder einen Aufenthalt dorthin umbuchen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stay %1 has no guest profile (booked on the web or before profiles were kept): find the guest&apos;s profile by name instead.</source>
        <translation>Aufenthalt %1 hat kein Gästeprofil (im Web oder vor den Gästeprofilen gebucht): suchen Sie das Profil stattdessen über den Namen.</translation>
    </message>
    <message>
        <source>Guest &amp;profile…</source>
        <translation>Gäste&amp;profil…</translation>
    </message>
    <message>
        <source>&amp;Find a guest profile…</source>
        <translation>Gästeprofil &amp;suchen…</translation>
    </message>
    <message>
        <source>Early check-in allowed and recorded.</source>
        <translation>Früher Check-in erlaubt und festgehalten.</translation>
    </message>
    <message>
        <source>Early check-in</source>
        <translation>Früher Check-in</translation>
    </message>
    <message>
        <source>%1 arrives on %2. Check in early anyway? Say why (kept on record):</source>
        <translation>%1 reist am %2 an. Trotzdem früher einchecken? Sagen Sie warum (wird festgehalten):</translation>
    </message>
    <message>
        <source>Folio of %1</source>
        <translation>Folio von %1</translation>
    </message>
    <message>
        <source>The price of each night per room type: seasons and weekends</source>
        <translation>Der Preis jeder Nacht je Zimmertyp: Saisons und Wochenenden</translation>
    </message>
    <message>
        <source>Gro&amp;ups</source>
        <translation>Gruppen&amp;blöcke</translation>
    </message>
    <message>
        <source>Choose a hotel first.</source>
        <translation>Wählen Sie zuerst ein Hotel.</translation>
    </message>
    <message>
        <source>Rat&amp;es…</source>
        <translation>Zimmerpre&amp;ise…</translation>
    </message>
    <message>
        <source>Folio…</source>
        <translation>Folio…</translation>
    </message>
    <message>
        <source>Lis&amp;ts</source>
        <translation>&amp;Listen</translation>
    </message>
    <message>
        <source>Room rac&amp;k</source>
        <translation>Zi&amp;mmerspiegel</translation>
    </message>
    <message>
        <source>Night au&amp;dit</source>
        <translation>Nach&amp;tabschluss</translation>
    </message>
</context>
<context>
    <name>boxoffice::GroupBlocksTab</name>
    <message>
        <source>Group blocks</source>
        <translation>Gruppenkontingente</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Room type</source>
        <translation>Zimmertyp</translation>
    </message>
    <message>
        <source>Nights</source>
        <translation>Nächte</translation>
    </message>
    <message>
        <source>Cut-off</source>
        <translation>Stichtag</translation>
    </message>
    <message>
        <source>Rooms a night</source>
        <translation>Zimmer pro Nacht</translation>
    </message>
    <message>
        <source>Picked up</source>
        <translation>Abgerufen</translation>
    </message>
    <message>
        <source>Remaining</source>
        <translation>Verbleibend</translation>
    </message>
    <message>
        <source>Nights of the chosen block</source>
        <translation>Nächte des gewählten Kontingents</translation>
    </message>
    <message>
        <source>Night</source>
        <translation>Nacht</translation>
    </message>
    <message>
        <source>Pick up a guest of the group</source>
        <translation>Gast der Gruppe abrufen</translation>
    </message>
    <message>
        <source>Guest&apos;s name</source>
        <translation>Name des Gastes</translation>
    </message>
    <message>
        <source>&amp;Guest:</source>
        <translation>&amp;Gast:</translation>
    </message>
    <message>
        <source>Check-&amp;in:</source>
        <translation>&amp;Anreise:</translation>
    </message>
    <message>
        <source>Check-o&amp;ut:</source>
        <translation>Abrei&amp;se:</translation>
    </message>
    <message>
        <source>Cash</source>
        <translation>Bar</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>On guarantee</source>
        <translation>Auf Garantie</translation>
    </message>
    <message>
        <source>&amp;Payment:</source>
        <translation>&amp;Zahlung:</translation>
    </message>
    <message>
        <source>Pick &amp;up and book</source>
        <translation>Abrufen und &amp;buchen</translation>
    </message>
    <message>
        <source>Hold rooms for a group (manager)</source>
        <translation>Zimmer für eine Gruppe blocken (Manager)</translation>
    </message>
    <message>
        <source>Group&apos;s name</source>
        <translation>Name der Gruppe</translation>
    </message>
    <message>
        <source>Gro&amp;up:</source>
        <translation>Gr&amp;uppe:</translation>
    </message>
    <message>
        <source>Room &amp;type:</source>
        <translation>Zimmer&amp;typ:</translation>
    </message>
    <message>
        <source>&amp;First night:</source>
        <translation>&amp;Erste Nacht:</translation>
    </message>
    <message>
        <source>&amp;Nights:</source>
        <translation>&amp;Nächte:</translation>
    </message>
    <message>
        <source>&amp;Rooms a night:</source>
        <translation>&amp;Zimmer pro Nacht:</translation>
    </message>
    <message>
        <source>&amp;Cut-off:</source>
        <translation>&amp;Stichtag:</translation>
    </message>
    <message>
        <source>&amp;Hold rooms for the group</source>
        <translation>Zimmer für die Gruppe &amp;blocken</translation>
    </message>
    <message>
        <source>Give rooms back (manager)</source>
        <translation>Zimmer zurückgeben (Manager)</translation>
    </message>
    <message>
        <source>&amp;Keep rooms a night:</source>
        <translation>Zimmer pro Nacht &amp;behalten:</translation>
    </message>
    <message>
        <source>&amp;Shrink the block</source>
        <translation>Kontingent &amp;verkleinern</translation>
    </message>
    <message>
        <source>&amp;Let the whole block go</source>
        <translation>Ganzes Kontingent &amp;freigeben</translation>
    </message>
    <message>
        <source>Group blocks message</source>
        <translation>Meldung der Gruppenkontingente</translation>
    </message>
    <message>
        <source>Only a manager holds, shrinks or lets go of a group&apos;s rooms.</source>
        <translation>Nur ein Manager blockt, verkleinert oder gibt die Zimmer einer Gruppe frei.</translation>
    </message>
    <message numerus="yes">
        <source>%1 – %2 (%n night(s))</source>
        <translation>
            <numerusform>%1 – %2 (%n Nacht)</numerusform>
            <numerusform>%1 – %2 (%n Nächte)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (passed: rooms on sale)</source>
        <translation>%1 (abgelaufen: Zimmer wieder im Verkauf)</translation>
    </message>
    <message>
        <source>The server cannot be reached, so no group&apos;s rooms can be held or picked up until it is back.</source>
        <translation>Der Server ist nicht erreichbar: Bis er wieder da ist, können keine Gruppenzimmer geblockt oder abgerufen werden.</translation>
    </message>
    <message numerus="yes">
        <source>Holding %n room(s) a night for %1 until %2.</source>
        <translation>
            <numerusform>%n Zimmer pro Nacht für %1 geblockt bis %2.</numerusform>
            <numerusform>%n Zimmer pro Nacht für %1 geblockt bis %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose the group&apos;s block in the list first.</source>
        <translation>Wählen Sie zuerst das Kontingent der Gruppe in der Liste.</translation>
    </message>
    <message>
        <source>Nothing was booked; the room stays in %1&apos;s block.</source>
        <translation>Nichts wurde gebucht; das Zimmer bleibt im Kontingent von %1.</translation>
    </message>
    <message>
        <source>Booked %1 of %2 on guarantee (reference %3): %4 due on departure.</source>
        <translation>%1 (%2) auf Garantie gebucht (Buchungsnummer %3): %4 fällig bei Abreise.</translation>
    </message>
    <message>
        <source>Booked %1 of %2 (reference %3): %4 paid.</source>
        <translation>%1 (%2) gebucht (Buchungsnummer %3): %4 bezahlt.</translation>
    </message>
    <message>
        <source>Give %1 change.</source>
        <translation>%1 Wechselgeld herausgeben.</translation>
    </message>
    <message numerus="yes">
        <source>%1 keeps at most %2 room(s) a night; %n room-night(s) back on sale.</source>
        <translation>
            <numerusform>%1 behält höchstens %2 Zimmer pro Nacht; %n Zimmernacht wieder im Verkauf.</numerusform>
            <numerusform>%1 behält höchstens %2 Zimmer pro Nacht; %n Zimmernächte wieder im Verkauf.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Let %1&apos;s block go: %n room-night(s) back on sale; guests picked up keep their rooms.</source>
        <translation>
            <numerusform>Kontingent von %1 freigegeben: %n Zimmernacht wieder im Verkauf; abgerufene Gäste behalten ihre Zimmer.</numerusform>
            <numerusform>Kontingent von %1 freigegeben: %n Zimmernächte wieder im Verkauf; abgerufene Gäste behalten ihre Zimmer.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::GuestProfileDialog</name>
    <message>
        <source>Guest profile</source>
        <translation>Gästeprofil</translation>
    </message>
    <message>
        <source>Name, e-mail, phone or address, then Enter</source>
        <translation>Name, E-Mail, Telefon oder Adresse, dann Eingabetaste</translation>
    </message>
    <message>
        <source>Find a guest profile</source>
        <translation>Gästeprofil suchen</translation>
    </message>
    <message>
        <source>Guest profiles found</source>
        <translation>Gefundene Gästeprofile</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>E-&amp;mail:</source>
        <translation>E-&amp;Mail:</translation>
    </message>
    <message>
        <source>&amp;Phone:</source>
        <translation>&amp;Telefon:</translation>
    </message>
    <message>
        <source>A&amp;ddress:</source>
        <translation>A&amp;dresse:</translation>
    </message>
    <message>
        <source>Preferences, allergies, what to remember next time</source>
        <translation>Vorlieben, Allergien, was beim nächsten Mal zu beachten ist</translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation>N&amp;otizen:</translation>
    </message>
    <message>
        <source>&amp;Save the profile</source>
        <translation>Profil &amp;speichern</translation>
    </message>
    <message>
        <source>&amp;Stays, newest first:</source>
        <translation>&amp;Aufenthalte, neueste zuerst:</translation>
    </message>
    <message numerus="yes">
        <source>Guest since %1, %n stay(s); last changed %2.</source>
        <translation>
            <numerusform>Gast seit %1, %n Aufenthalt; zuletzt geändert %2.</numerusform>
            <numerusform>Gast seit %1, %n Aufenthalte; zuletzt geändert %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Guest profile: %1</source>
        <translation>Gästeprofil: %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%n guest profile(s) found.</source>
        <translation>
            <numerusform>%n Gästeprofil gefunden.</numerusform>
            <numerusform>%n Gästeprofile gefunden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Saved. Stays booked from now on carry the name as saved; stays already booked keep theirs.</source>
        <translation>Gespeichert. Künftige Buchungen tragen den gespeicherten Namen; bereits gebuchte Aufenthalte behalten ihren.</translation>
    </message>
</context>
<context>
    <name>boxoffice::GuestProfileFields</name>
    <message>
        <source>&amp;Guest name:</source>
        <translation>Name des Gas&amp;tes:</translation>
    </message>
    <message>
        <source>Required to book</source>
        <translation>Zum Buchen nötig</translation>
    </message>
    <message>
        <source>E-&amp;mail:</source>
        <translation>E-&amp;Mail:</translation>
    </message>
    <message>
        <source>&amp;Phone:</source>
        <translation>&amp;Telefon:</translation>
    </message>
    <message>
        <source>A&amp;ddress:</source>
        <translation>A&amp;dresse:</translation>
    </message>
    <message>
        <source>Returning guests who match</source>
        <translation>Passende Stammgäste</translation>
    </message>
    <message>
        <source>Double-click or press Enter to book under this guest&apos;s profile</source>
        <translation>Doppelklick oder Eingabetaste: unter dem Profil dieses Gastes buchen</translation>
    </message>
    <message>
        <source>Not this guest</source>
        <translation>Nicht dieser Gast</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n stay(s)</source>
        <translation>
            <numerusform>%1 — %n Aufenthalt</numerusform>
            <numerusform>%1 — %n Aufenthalte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Returning guest: %1, %n stay(s) before. Changes typed here update the profile.</source>
        <translation>
            <numerusform>Stammgast: %1, bisher %n Aufenthalt. Änderungen hier ändern das Profil.</numerusform>
            <numerusform>Stammgast: %1, bisher %n Aufenthalte. Änderungen hier ändern das Profil.</numerusform>
        </translation>
    </message>
    <message>
        <source>Returning guest?</source>
        <translation>Stammgast?</translation>
    </message>
</context>
<context>
    <name>boxoffice::HotelGridView</name>
    <message>
        <source>Room type</source>
        <translation>Zimmerkategorie</translation>
    </message>
    <message>
        <source>Sellable: %1&lt;br&gt;Physical: %2&lt;br&gt;Booked: %3&lt;br&gt;Free: %4</source>
        <translation>Verkäuflich: %1&lt;br&gt;Vorhanden: %2&lt;br&gt;Gebucht: %3&lt;br&gt;Frei: %4</translation>
    </message>
    <message>
        <source>Overbooked by %1</source>
        <translation>Überbucht um %1</translation>
    </message>
    <message>
        <source>Room type
free / sellable a night</source>
        <translation>Zimmerkategorie
frei / verkäuflich</translation>
    </message>
    <message>
        <source>Room calendar</source>
        <translation>Zimmerkalender</translation>
    </message>
    <message>
        <source>No room types to show.</source>
        <translation>Keine Zimmerkategorien anzuzeigen.</translation>
    </message>
    <message>
        <source>%1 %2, %3: %4 free, %5 booked, %6 sellable of %7 rooms.</source>
        <translation>%1 %2, %3: %4 frei, %5 gebucht, %6 verkäuflich von %7 Zimmern.</translation>
    </message>
    <message>
        <source>Overbooked by %1.</source>
        <translation>Überbucht um %1.</translation>
    </message>
    <message numerus="yes">
        <source>Selected: %n night(s) from %1.</source>
        <translation>
            <numerusform>Ausgewählt: %n Nacht ab %1.</numerusform>
            <numerusform>Ausgewählt: %n Nächte ab %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>dddd d MMMM yyyy</source>
        <comment>date format (QLocale): weekday, day, month, year</comment>
        <translation>dddd, d. MMMM yyyy</translation>
    </message>
    <message>
        <source>Price: %1</source>
        <extracomment>%1 is the night&apos;s price from the rates, e.g. &quot;€145.00&quot;.</extracomment>
        <translation>Preis: %1</translation>
    </message>
</context>
<context>
    <name>boxoffice::HotelListModel</name>
    <message>
        <source>not arrived yet</source>
        <translation>noch nicht angereist</translation>
    </message>
    <message>
        <source>checked in</source>
        <translation>eingecheckt</translation>
    </message>
    <message>
        <source>checked out</source>
        <translation>ausgecheckt</translation>
    </message>
    <message>
        <source>no-show</source>
        <translation>nicht erschienen</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Buchungsnummer</translation>
    </message>
    <message>
        <source>Guest</source>
        <translation>Gast</translation>
    </message>
    <message>
        <source>Room type</source>
        <translation>Zimmerkategorie</translation>
    </message>
    <message>
        <source>Arrives</source>
        <translation>Anreise</translation>
    </message>
    <message>
        <source>Leaves</source>
        <translation>Abreise</translation>
    </message>
    <message>
        <source>Nights</source>
        <translation>Nächte</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Stand</translation>
    </message>
</context>
<context>
    <name>boxoffice::HotelListsPanel</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>&amp;Day:</source>
        <translation>&amp;Tag:</translation>
    </message>
    <message>
        <source>ddd d MMM yyyy</source>
        <comment>date format (QDateEdit): weekday, day, month, year</comment>
        <translation>ddd d. MMM yyyy</translation>
    </message>
    <message>
        <source>&amp;Today</source>
        <translation>&amp;Heute</translation>
    </message>
    <message>
        <source>Lists of the day</source>
        <translation>Listen des Tages</translation>
    </message>
    <message>
        <source>Arrivals</source>
        <translation>Anreisen</translation>
    </message>
    <message>
        <source>Departures</source>
        <translation>Abreisen</translation>
    </message>
    <message>
        <source>In-house</source>
        <translation>Im Haus</translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation>Belegung</translation>
    </message>
    <message>
        <source>Export as &amp;CSV…</source>
        <translation>Als &amp;CSV exportieren…</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>&amp;Ab:</translation>
    </message>
    <message>
        <source> nights</source>
        <translation> Nächte</translation>
    </message>
    <message>
        <source>Nights to show</source>
        <translation>Anzuzeigende Nächte</translation>
    </message>
    <message>
        <source>Roo&amp;m type:</source>
        <translation>&amp;Zimmerkategorie:</translation>
    </message>
    <message>
        <source>Export as C&amp;SV…</source>
        <translation>Als C&amp;SV exportieren…</translation>
    </message>
    <message>
        <source>Occupancy and revenue per night</source>
        <translation>Belegung und Umsatz je Nacht</translation>
    </message>
    <message>
        <source>Night</source>
        <translation>Nacht</translation>
    </message>
    <message>
        <source>Physical</source>
        <translation>Vorhanden</translation>
    </message>
    <message>
        <source>Sellable</source>
        <translation>Verkäuflich</translation>
    </message>
    <message>
        <source>Suggested</source>
        <translation>Vorschlag</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Verkauft</translation>
    </message>
    <message>
        <source>Revenue</source>
        <translation>Umsatz</translation>
    </message>
    <message>
        <source>ADR</source>
        <translation>Durchschnittsrate</translation>
    </message>
    <message>
        <source>RevPAR</source>
        <translation>RevPAR</translation>
    </message>
    <message>
        <source>Arrivals (%1)</source>
        <translation>Anreisen (%1)</translation>
    </message>
    <message>
        <source>Departures (%1)</source>
        <translation>Abreisen (%1)</translation>
    </message>
    <message>
        <source>In-house (%1)</source>
        <translation>Im Haus (%1)</translation>
    </message>
    <message>
        <source>The whole hotel</source>
        <translation>Das ganze Hotel</translation>
    </message>
    <message>
        <source>Suggested from this hotel&apos;s own history; the manager sets the limit.</source>
        <translation>Vorgeschlagen aus der eigenen Geschichte dieses Hotels; das Limit setzt die Leitung.</translation>
    </message>
    <message numerus="yes">
        <source>%1: too little history to suggest overbooking (%n booked room-night(s)).</source>
        <translation>
            <numerusform>%1: zu wenig Geschichte für einen Überbuchungsvorschlag (%n gebuchte Zimmernacht).</numerusform>
            <numerusform>%1: zu wenig Geschichte für einen Überbuchungsvorschlag (%n gebuchte Zimmernächte).</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 of %3 booked room-nights lost (%4 late cancellations, %5 no-shows, less %6 walked) → suggest selling %7 on %8 physical rooms.</source>
        <translation>%1: %2 von %3 gebuchten Zimmernächten verloren (%4 späte Stornierungen, %5 nicht erschienen, abzüglich %6 umquartiert) → Vorschlag: %7 auf %8 vorhandene Zimmer verkaufen.</translation>
    </message>
    <message numerus="yes">
        <source>Suggested sellable limits, from the last %n night(s) (a manager sets the limit on the Stay tab):</source>
        <translation>
            <numerusform>Vorgeschlagene Verkaufslimits aus der letzten Nacht (das Limit setzt die Leitung auf der Registerkarte Aufenthalt):</numerusform>
            <numerusform>Vorgeschlagene Verkaufslimits aus den letzten %n Nächten (das Limit setzt die Leitung auf der Registerkarte Aufenthalt):</numerusform>
        </translation>
    </message>
    <message>
        <source>Export as CSV</source>
        <translation>Als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
</context>
<context>
    <name>boxoffice::HouseHoldDialog</name>
    <message>
        <source>Hold for house</source>
        <translation>Für das Haus sperren</translation>
    </message>
    <message numerus="yes">
        <source>Take %n seat(s) off sale with no expiry: %1. A manager releases them on purpose.</source>
        <translation>
            <numerusform>%n Platz ohne Ablauf aus dem Verkauf nehmen: %1. Die Leitung gibt ihn gezielt wieder frei.</numerusform>
            <numerusform>%n Plätze ohne Ablauf aus dem Verkauf nehmen: %1. Die Leitung gibt sie gezielt wieder frei.</numerusform>
        </translation>
    </message>
    <message>
        <source>e.g. Director, Evening Post, sound desk</source>
        <translation>z. B. Intendanz, Abendpost, Tonpult</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>&amp;Grund:</translation>
    </message>
    <message>
        <source>&amp;For:</source>
        <translation>&amp;Für:</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Notiz:</translation>
    </message>
</context>
<context>
    <name>boxoffice::ManagerApprovalDialog</name>
    <message>
        <source>A manager&apos;s approval</source>
        <translation>Genehmigung durch die Leitung</translation>
    </message>
    <message>
        <source>%1

A manager approves this here by signing in below. You stay signed in.</source>
        <translation>%1

Die Leitung genehmigt das hier, indem sie sich unten anmeldet. Sie bleiben angemeldet.</translation>
    </message>
    <message>
        <source>Manager&apos;s &amp;user:</source>
        <translation>&amp;Benutzer der Leitung:</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Passwort:</translation>
    </message>
    <message>
        <source>&amp;Approve now</source>
        <translation>Jetzt &amp;genehmigen</translation>
    </message>
    <message>
        <source>Send to a manager&apos;s &amp;queue</source>
        <translation>In die &amp;Warteschlange der Leitung</translation>
    </message>
    <message>
        <source>The manager types their user name and password.</source>
        <translation>Die Leitung gibt Benutzernamen und Passwort ein.</translation>
    </message>
    <message>
        <source>That is not a manager&apos;s user name and password.</source>
        <translation>Das sind nicht Benutzername und Passwort der Leitung.</translation>
    </message>
    <message>
        <source>The manager could not be signed in: the server did not answer. Try again.</source>
        <translation>Die Leitung konnte nicht angemeldet werden: der Server hat nicht geantwortet. Versuchen Sie es erneut.</translation>
    </message>
</context>
<context>
    <name>boxoffice::MoveStayDialog</name>
    <message>
        <source>Move stay %1</source>
        <translation>Aufenthalt %1 verlegen</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;from %2, %3&lt;br&gt;to %4, %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;von %2, %3&lt;br&gt;nach %4, %5</translation>
    </message>
    <message>
        <source>Sold for %1 · new price %2 · &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>Verkauft für %1 · neuer Preis %2 · &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&amp;Move the stay</source>
        <translation>Aufenthalt &amp;verlegen</translation>
    </message>
    <message>
        <source>same price</source>
        <translation>gleicher Preis</translation>
    </message>
    <message>
        <source>%1 more</source>
        <translation>%1 mehr</translation>
    </message>
    <message>
        <source>%1 less</source>
        <translation>%1 weniger</translation>
    </message>
    <message>
        <source>Nothing to charge or refund.</source>
        <translation>Nichts zu kassieren oder zu erstatten.</translation>
    </message>
    <message>
        <source>Nothing has been paid for this stay yet: the guest pays the new price, %1, on departure.</source>
        <translation>Für diesen Aufenthalt wurde noch nichts bezahlt: der Gast zahlt den neuen Preis, %1, bei Abreise.</translation>
    </message>
    <message>
        <source>The new room costs %1 more than the guest paid. Charge it now, or a manager waives it: the guest keeps the old price.</source>
        <translation>Das neue Zimmer kostet %1 mehr, als der Gast bezahlt hat. Jetzt kassieren, oder die Leitung erlässt es: dann behält der Gast den alten Preis.</translation>
    </message>
    <message>
        <source>&amp;Charge %1 now (cash or card)</source>
        <translation>%1 jetzt &amp;kassieren (bar oder Karte)</translation>
    </message>
    <message>
        <source>&amp;Waive it (a manager&apos;s decision, with a reason)</source>
        <translation>&amp;Erlassen (Entscheidung der Leitung, mit Grund)</translation>
    </message>
    <message>
        <source>Only a manager can waive a difference: ask one to sign in.</source>
        <translation>Nur die Leitung kann eine Differenz erlassen: bitten Sie sie, sich anzumelden.</translation>
    </message>
    <message>
        <source>e.g. our fault: the booked room is out of order</source>
        <translation>z. B. unser Fehler: das gebuchte Zimmer ist nicht benutzbar</translation>
    </message>
    <message>
        <source>The new room costs %1 less. The difference is refunded and %2.</source>
        <translation>Das neue Zimmer kostet %1 weniger. Die Differenz wird erstattet und %2.</translation>
    </message>
    <message>
        <source>e.g. guest asked for a cheaper room</source>
        <translation>z. B. Gast wollte ein günstigeres Zimmer</translation>
    </message>
    <message>
        <source>The new room costs %1 less, so the guest gets %1 back. Only a manager can refund: please ask a manager to move this stay.</source>
        <translation>Das neue Zimmer kostet %1 weniger, der Gast bekommt also %1 zurück. Nur die Leitung kann erstatten: bitten Sie die Leitung, diesen Aufenthalt zu verlegen.</translation>
    </message>
    <message>
        <source>Rea&amp;son:</source>
        <translation>Gr&amp;und:</translation>
    </message>
</context>
<context>
    <name>boxoffice::NightAuditPanel</name>
    <message>
        <source>Cancelled (not guaranteed)</source>
        <translation>Storniert (nicht garantiert)</translation>
    </message>
    <message>
        <source>No-show (guaranteed)</source>
        <translation>No-Show (garantiert)</translation>
    </message>
    <message>
        <source>No-show (prepaid)</source>
        <translation>No-Show (vorausbezahlt)</translation>
    </message>
    <message>
        <source>No-show</source>
        <translation>No-Show</translation>
    </message>
    <message>
        <source>Business date</source>
        <translation>Geschäftstag</translation>
    </message>
    <message>
        <source>Business &amp;date:</source>
        <translation>Geschäfts&amp;tag:</translation>
    </message>
    <message>
        <source>&amp;Run night audit…</source>
        <translation>Nachtabschluss &amp;ausführen…</translation>
    </message>
    <message>
        <source>Show &amp;report</source>
        <translation>&amp;Bericht zeigen</translation>
    </message>
    <message>
        <source>Export CS&amp;V…</source>
        <translation>CS&amp;V exportieren…</translation>
    </message>
    <message>
        <source>Stays settled by the night audit</source>
        <translation>Vom Nachtabschluss abgerechnete Aufenthalte</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Buchungsnummer</translation>
    </message>
    <message>
        <source>Guest</source>
        <translation>Gast</translation>
    </message>
    <message>
        <source>Room type</source>
        <translation>Zimmerkategorie</translation>
    </message>
    <message>
        <source>Nights</source>
        <translation>Nächte</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Fee</source>
        <translation>Gebühr</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Erstattet</translation>
    </message>
    <message>
        <source>Nights back</source>
        <translation>Nächte zurück</translation>
    </message>
    <message>
        <source>Marks the day&apos;s no-shows, charges their fees per the cancellation policy and gives their nights back.</source>
        <translation>Markiert die No-Shows des Tages, berechnet ihre Gebühren nach den Stornobedingungen und gibt ihre Nächte zurück.</translation>
    </message>
    <message>
        <source>Only a manager can run the night audit. You can read its report.</source>
        <translation>Nur eine Führungskraft kann den Nachtabschluss ausführen. Den Bericht können Sie lesen.</translation>
    </message>
    <message>
        <source>Run the night audit for %1?

Guests who were due by then and did not check in become no-shows: guaranteed and prepaid stays are charged the no-show fee of the cancellation policy, the others are cancelled, and all their nights go back on sale. This cannot be undone.</source>
        <translation>Nachtabschluss für %1 ausführen?

Gäste, die bis dahin erwartet wurden und nicht eingecheckt haben, werden No-Shows: Garantierten und vorausbezahlten Aufenthalten wird die No-Show-Gebühr der Stornobedingungen berechnet, die übrigen werden storniert, und alle ihre Nächte gehen zurück in den Verkauf. Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>Night audit</source>
        <translation>Nachtabschluss</translation>
    </message>
    <message numerus="yes">
        <source>Night audit done: %n no-show(s), %1 in fees, %2 night(s) back on sale.</source>
        <translation>
            <numerusform>Nachtabschluss erledigt: %n No-Show, %1 an Gebühren, %2 Nacht/Nächte zurück im Verkauf.</numerusform>
            <numerusform>Nachtabschluss erledigt: %n No-Shows, %1 an Gebühren, %2 Nacht/Nächte zurück im Verkauf.</numerusform>
        </translation>
    </message>
    <message>
        <source>The night audit of this date had already run: nothing was charged again. Its report is shown.</source>
        <translation>Der Nachtabschluss für diesen Tag lief bereits: Es wurde nichts erneut berechnet. Sein Bericht wird angezeigt.</translation>
    </message>
    <message>
        <source>The night audit has not run for this date.</source>
        <translation>Für diesen Tag lief noch kein Nachtabschluss.</translation>
    </message>
    <message>
        <source>Run by %1 at %2. Arrivals %3 · departures %4 · in house %5 of %6 rooms (%7%) · room revenue %8
No-shows %9 · cancelled %10 · fees %11 · refunded %12 · nights back on sale %13</source>
        <translation>Ausgeführt von %1 um %2. Anreisen %3 · Abreisen %4 · im Haus %5 von %6 Zimmern (%7 %) · Logisumsatz %8
No-Shows %9 · storniert %10 · Gebühren %11 · erstattet %12 · Nächte zurück im Verkauf %13</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>Run the night audit or show a report first.</source>
        <translation>Führen Sie zuerst den Nachtabschluss aus oder zeigen Sie einen Bericht.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Export the night audit</source>
        <translation>Nachtabschluss exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
</context>
<context>
    <name>boxoffice::OccupancyChart</name>
    <message>
        <source>Occupancy chart</source>
        <translation>Belegungsdiagramm</translation>
    </message>
    <message>
        <source>Rooms sold per night against the physical rooms, with the sellable limit, the suggested limit and the room revenue; the table beside it holds the same figures.</source>
        <translation>Verkaufte Zimmer je Nacht gegenüber den vorhandenen Zimmern, mit dem Verkaufslimit, dem vorgeschlagenen Limit und dem Logisumsatz; die Tabelle daneben enthält dieselben Zahlen.</translation>
    </message>
    <message>
        <source>No nights to show.</source>
        <translation>Keine Nächte anzuzeigen.</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Verkauft</translation>
    </message>
    <message>
        <source>Physical rooms</source>
        <translation>Vorhandene Zimmer</translation>
    </message>
    <message>
        <source>Sellable limit</source>
        <translation>Verkaufslimit</translation>
    </message>
    <message>
        <source>Suggested limit</source>
        <translation>Vorgeschlagenes Limit</translation>
    </message>
    <message>
        <source>Room revenue</source>
        <translation>Logisumsatz</translation>
    </message>
</context>
<context>
    <name>boxoffice::OrderActions</name>
    <message>
        <source>Units to refund or exchange (none ticked: refund the whole order)</source>
        <translation>Zu erstattende oder umzutauschende Positionen (keine angehakt: ganze Bestellung erstatten)</translation>
    </message>
    <message>
        <source>Units of the order</source>
        <translation>Positionen der Bestellung</translation>
    </message>
    <message>
        <source>Why, in a few words (required)</source>
        <translation>Warum, in wenigen Worten (Pflichtfeld)</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>&amp;Grund:</translation>
    </message>
    <message>
        <source>Cash</source>
        <translation>Bar</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>Cash handed over, or the card terminal&apos;s reference</source>
        <translation>Erhaltenes Bargeld oder die Referenz des Kartenterminals</translation>
    </message>
    <message>
        <source>A dearer exchange is &amp;paid by:</source>
        <translation>Ein teurerer Umtausch wird &amp;bezahlt mit:</translation>
    </message>
    <message>
        <source>Re&amp;fund…</source>
        <translation>Er&amp;statten …</translation>
    </message>
    <message>
        <source>E&amp;xchange for the held seats…</source>
        <translation>Gegen die reservierten Plätze &amp;umtauschen …</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 in cash from the till</source>
        <translation>%1 bar aus der Kasse</translation>
    </message>
    <message>
        <source>%1 back to the card it was paid with</source>
        <translation>%1 zurück auf die Karte, mit der bezahlt wurde</translation>
    </message>
    <message>
        <source>%1 back to the card (terminal reference %2)</source>
        <translation>%1 zurück auf die Karte (Terminalreferenz %2)</translation>
    </message>
    <message>
        <source>%1 back through the online payment</source>
        <translation>%1 zurück über die Online-Zahlung</translation>
    </message>
    <message>
        <source>Select an order to refund or exchange its units.</source>
        <translation>Wählen Sie eine Bestellung, um ihre Positionen zu erstatten oder umzutauschen.</translation>
    </message>
    <message>
        <source>Only a paid order can be refunded or exchanged.</source>
        <translation>Nur eine bezahlte Bestellung kann erstattet oder umgetauscht werden.</translation>
    </message>
    <message>
        <source>A refund of the whole order pays %1.</source>
        <translation>Erstattung der ganzen Bestellung: %1.</translation>
    </message>
    <message>
        <source>A refund of %1 pays %2.</source>
        <translation>Erstattung von %1: %2.</translation>
    </message>
    <message>
        <source>Select a paid order first.</source>
        <translation>Wählen Sie zuerst eine bezahlte Bestellung.</translation>
    </message>
    <message>
        <source>Type the reason for the refund.</source>
        <translation>Geben Sie den Grund für die Erstattung ein.</translation>
    </message>
    <message>
        <source>Refund %1: %2.</source>
        <translation>%1 erstatten: %2.</translation>
    </message>
    <message>
        <source>Refunded: %1. The payment provider carries it out shortly.</source>
        <translation>Erstattet: %1. Der Zahlungsdienst führt es in Kürze aus.</translation>
    </message>
    <message>
        <source>Refunded: hand the buyer %1.</source>
        <translation>Erstattet: geben Sie dem Käufer %1.</translation>
    </message>
    <message>
        <source>Refunded: %1.</source>
        <translation>Erstattet: %1.</translation>
    </message>
    <message>
        <source>Not connected to the server. Wait for the connection, then try again.</source>
        <translation>Keine Verbindung zum Server. Warten Sie auf die Verbindung und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>This order already waits for a manager&apos;s decision.</source>
        <translation>Diese Bestellung wartet schon auf eine Entscheidung der Leitung.</translation>
    </message>
    <message>
        <source>Sent to a manager&apos;s queue. Hand nothing back until a manager has approved it.</source>
        <translation>An die Warteschlange der Leitung geschickt. Zahlen Sie nichts aus, bevor die Leitung es genehmigt hat.</translation>
    </message>
    <message>
        <source>Nothing was refunded.</source>
        <translation>Nichts wurde erstattet.</translation>
    </message>
    <message>
        <source>Tick the units the buyer gives back.</source>
        <translation>Haken Sie die Positionen an, die der Käufer zurückgibt.</translation>
    </message>
    <message>
        <source>Type the reason for the exchange.</source>
        <translation>Geben Sie den Grund für den Umtausch ein.</translation>
    </message>
    <message>
        <source>Hold the buyer&apos;s new seats in the Box office tab first, then exchange.</source>
        <translation>Reservieren Sie zuerst die neuen Plätze des Käufers unter „Kasse“, dann umtauschen.</translation>
    </message>
    <message>
        <source>The buyer pays %1: the cash handed over is less.</source>
        <translation>Der Käufer zahlt %1: das erhaltene Bargeld ist weniger.</translation>
    </message>
    <message>
        <source>Type the cash handed over for the %1 difference.</source>
        <translation>Geben Sie das erhaltene Bargeld für die Differenz von %1 ein.</translation>
    </message>
    <message>
        <source>Type or scan the card terminal&apos;s reference for the %1 difference.</source>
        <translation>Geben Sie die Referenz des Kartenterminals für die Differenz von %1 ein oder scannen Sie sie.</translation>
    </message>
    <message>
        <source>the buyer pays %1</source>
        <translation>der Käufer zahlt %1</translation>
    </message>
    <message>
        <source>the buyer gets %1 back</source>
        <translation>der Käufer bekommt %1 zurück</translation>
    </message>
    <message>
        <source>no money changes hands</source>
        <translation>kein Geld wechselt den Besitzer</translation>
    </message>
    <message>
        <source>Exchange %1 for %2: %3.</source>
        <translation>%1 gegen %2 umtauschen: %3.</translation>
    </message>
    <message numerus="yes">
        <source>Exchanged: %n new ticket(s).</source>
        <translation>
            <numerusform>Umgetauscht: %n neues Ticket.</numerusform>
            <numerusform>Umgetauscht: %n neue Tickets.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 taken; give %2 change.</source>
        <translation>%1 kassiert; %2 Wechselgeld geben.</translation>
    </message>
    <message>
        <source>%1 taken.</source>
        <translation>%1 kassiert.</translation>
    </message>
    <message>
        <source>Pay %1.</source>
        <translation>Auszahlen: %1.</translation>
    </message>
    <message>
        <source>Sent to a manager&apos;s queue; the new seats stay held for it until their hold runs out. Take no money until a manager has approved it.</source>
        <translation>An die Warteschlange der Leitung geschickt; die neuen Plätze bleiben dafür reserviert, bis die Reservierung abläuft. Nehmen Sie kein Geld an, bevor die Leitung es genehmigt hat.</translation>
    </message>
    <message>
        <source>Nothing was exchanged; the new seats stay held.</source>
        <translation>Nichts wurde umgetauscht; die neuen Plätze bleiben reserviert.</translation>
    </message>
    <message>
        <source>Payment for a dearer exchange</source>
        <translation>Zahlung für einen teureren Umtausch</translation>
    </message>
    <message>
        <source>The new seats are priced in %1 and the order in %2: exchange for seats sold in %2.</source>
        <translation>Die neuen Plätze sind in %1 ausgepreist, die Bestellung in %2: tauschen Sie gegen Plätze, die in %2 verkauft werden.</translation>
    </message>
</context>
<context>
    <name>boxoffice::OrderLookupPanel</name>
    <message>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <source>Standing</source>
        <translation>Stehplatz</translation>
    </message>
    <message>
        <source>Stay</source>
        <translation>Aufenthalt</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tisch</translation>
    </message>
    <message>
        <source>Type an order number, a name, a card terminal reference, or scan a ticket; then press Enter.</source>
        <translation>Bestellnummer, Name oder Referenz des Kartenterminals eingeben oder ein Ticket scannen; dann Enter drücken.</translation>
    </message>
    <message>
        <source>Order number, buyer or guest name, ticket code or card terminal reference</source>
        <translation>Bestellnummer, Name von Käufer oder Gast, Ticketcode oder Referenz des Kartenterminals</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Bestellung</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Angelegt</translation>
    </message>
    <message>
        <source>Found by</source>
        <translation>Gefunden über</translation>
    </message>
    <message>
        <source>Not connected to the server. Wait for the connection, then search again.</source>
        <translation>Keine Verbindung zum Server. Warten Sie auf die Verbindung und suchen Sie dann erneut.</translation>
    </message>
    <message>
        <source>No order matches &quot;%1&quot;.</source>
        <translation>Keine Bestellung passt zu „%1“.</translation>
    </message>
    <message>
        <source>The newest %1 matching orders; type more to narrow the search.</source>
        <translation>Die neuesten %1 passenden Bestellungen; mehr eingeben, um die Suche einzugrenzen.</translation>
    </message>
    <message>
        <source>1 matching order.</source>
        <translation>1 passende Bestellung.</translation>
    </message>
    <message>
        <source>%1 matching orders, newest first.</source>
        <translation>%1 passende Bestellungen, neueste zuerst.</translation>
    </message>
    <message>
        <source>Order %1 could not be read: %2</source>
        <translation>Bestellung %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Order %1 — %2, %3</source>
        <translation>Bestellung %1 — %2, %3</translation>
    </message>
    <message>
        <source>Sold online</source>
        <translation>Online verkauft</translation>
    </message>
    <message>
        <source>Sold at the counter</source>
        <translation>An der Kasse verkauft</translation>
    </message>
    <message>
        <source> to %1</source>
        <translation> an %1</translation>
    </message>
    <message>
        <source>, created %1</source>
        <translation>, angelegt %1</translation>
    </message>
    <message>
        <source>, paid %1</source>
        <translation>, bezahlt %1</translation>
    </message>
    <message>
        <source>Refunded so far: %1</source>
        <translation>Bisher erstattet: %1</translation>
    </message>
    <message>
        <source>Lines (%1)</source>
        <translation>Positionen (%1)</translation>
    </message>
    <message>
        <source>  %1 %2 — %3, %4</source>
        <translation>  %1 %2 — %3, %4</translation>
    </message>
    <message>
        <source>  none</source>
        <translation>  keine</translation>
    </message>
    <message>
        <source>Payments (%1)</source>
        <translation>Zahlungen (%1)</translation>
    </message>
    <message>
        <source>  online (%1) %2 — %3</source>
        <translation>  online (%1) %2 — %3</translation>
    </message>
    <message>
        <source>  %1 at the counter %2 — taken by %3</source>
        <translation>  %1 an der Kasse %2 — kassiert von %3</translation>
    </message>
    <message>
        <source>, reference %1</source>
        <translation>, Referenz %1</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>, %1</translation>
    </message>
    <message>
        <source>Refunds (%1)</source>
        <translation>Erstattungen (%1)</translation>
    </message>
    <message>
        <source>  %1 — %2, &quot;%3&quot;, %4</source>
        <translation>  %1 — %2, „%3“, %4</translation>
    </message>
    <message>
        <source>Tickets (%1)</source>
        <translation>Tickets (%1)</translation>
    </message>
    <message>
        <source>  %1  %2, seat %3</source>
        <translation>  %1  %2, Platz %3</translation>
    </message>
    <message>
        <source>Find an order</source>
        <translation>Bestellung suchen</translation>
    </message>
    <message>
        <source>Orders found</source>
        <translation>Gefundene Bestellungen</translation>
    </message>
    <message>
        <source>Order details</source>
        <translation>Details der Bestellung</translation>
    </message>
    <message>
        <source>The chosen order&apos;s lines, payments, refunds and tickets</source>
        <translation>Positionen, Zahlungen, Erstattungen und Tickets der gewählten Bestellung</translation>
    </message>
    <message>
        <source>Reprint &amp;tickets</source>
        <translation>&amp;Tickets nachdrucken</translation>
    </message>
    <message>
        <source>Prints the order&apos;s tickets again, with the same codes: the door admits each ticket once, whichever copy is scanned.</source>
        <translation>Druckt die Tickets der Bestellung erneut, mit denselben Codes: der Einlass lässt jedes Ticket einmal ein, egal welche Kopie gescannt wird.</translation>
    </message>
    <message>
        <source>Print &amp;receipt</source>
        <translation>&amp;Beleg drucken</translation>
    </message>
    <message>
        <source>Prints a copy of the order&apos;s receipt: lines, payments and refunds so far.</source>
        <translation>Druckt eine Kopie des Belegs der Bestellung: Positionen, Zahlungen und bisherige Erstattungen.</translation>
    </message>
    <message>
        <source>exchanged</source>
        <translation>umgetauscht</translation>
    </message>
    <message>
        <source>Exchanged into order %1: %2 carried over</source>
        <translation>Umgetauscht in Bestellung %1: %2 übertragen</translation>
    </message>
    <message>
        <source>Sold in an exchange from order %1: %2 credit carried over</source>
        <translation>Verkauft im Umtausch aus Bestellung %1: %2 Gutschrift übertragen</translation>
    </message>
    <message>
        <source>exchanged into order %1</source>
        <translation>umgetauscht in Bestellung %1</translation>
    </message>
    <message>
        <source>Exchanges (%1)</source>
        <translation>Umtausche (%1)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>  units worth %1 given back for order %2</source>
        <translation>  Positionen im Wert von %1 zurückgegeben für Bestellung %2</translation>
    </message>
    <message>
        <source>  %1 given back for order %2</source>
        <translation>  %1 zurückgegeben für Bestellung %2</translation>
    </message>
    <message>
        <source>  from order %1: %2 credit toward %3</source>
        <translation>  aus Bestellung %1: %2 Gutschrift auf %3</translation>
    </message>
    <message>
        <source>    &quot;%1&quot;, by %2, %3</source>
        <translation>    „%1“, von %2, %3</translation>
    </message>
    <message>
        <source>  %1  %2, %3</source>
        <translation>  %1  %2, %3</translation>
    </message>
</context>
<context>
    <name>boxoffice::OverbookingHint</name>
    <message>
        <source>Suggested: %1 (too little history to overbook)</source>
        <translation>Vorschlag: %1 (zu wenig Geschichte zum Überbuchen)</translation>
    </message>
    <message>
        <source>Suggested: %1</source>
        <translation>Vorschlag: %1</translation>
    </message>
    <message numerus="yes">
        <source>From the last %n night(s): %1 % of %2 booked room-nights lost to %3 late cancellations and %4 no-shows, less %5 walked, on %6 physical rooms.</source>
        <translation>
            <numerusform>Aus der letzten Nacht: %1 % von %2 gebuchten Zimmernächten verloren durch %3 späte Stornierungen und %4 Nichterscheinen, abzüglich %5 umquartiert, bei %6 vorhandenen Zimmern.</numerusform>
            <numerusform>Aus den letzten %n Nächten: %1 % von %2 gebuchten Zimmernächten verloren durch %3 späte Stornierungen und %4 Nichterscheinen, abzüglich %5 umquartiert, bei %6 vorhandenen Zimmern.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::PaymentDialog</name>
    <message>
        <source>Take payment</source>
        <translation>Zahlung annehmen</translation>
    </message>
    <message>
        <source>Cash &amp;handed over:</source>
        <translation>Bar &amp;erhalten:</translation>
    </message>
    <message>
        <source>Change to give:</source>
        <translation>Wechselgeld:</translation>
    </message>
    <message>
        <source>&amp;Cash</source>
        <translation>&amp;Bar</translation>
    </message>
    <message>
        <source>type or scan the terminal&apos;s receipt reference</source>
        <translation>Belegreferenz des Terminals eingeben oder scannen</translation>
    </message>
    <message>
        <source>Terminal &amp;reference:</source>
        <translation>Terminal&amp;referenz:</translation>
    </message>
    <message>
        <source>Car&amp;d</source>
        <translation>&amp;Karte</translation>
    </message>
    <message>
        <source>the guaranteeing card&apos;s reference</source>
        <translation>Referenz der garantierenden Karte</translation>
    </message>
    <message>
        <source>Card on &amp;file:</source>
        <translation>Hinterlegte Kar&amp;te:</translation>
    </message>
    <message>
        <source>Nothing is charged now; the stay is paid on departure.</source>
        <translation>Jetzt wird nichts berechnet; der Aufenthalt wird bei Abreise bezahlt.</translation>
    </message>
    <message>
        <source>&amp;Guarantee</source>
        <translation>&amp;Garantie</translation>
    </message>
    <message>
        <source>&amp;Sell</source>
        <translation>&amp;Verkaufen</translation>
    </message>
    <message>
        <source>The hold on %1 ran out before the sale: nothing was sold and no money is due. Hold the seats again to sell them.</source>
        <translation>Die Reservierung von %1 ist vor dem Verkauf abgelaufen: nichts wurde verkauft, es ist nichts zu zahlen. Reservieren Sie die Plätze erneut, um sie zu verkaufen.</translation>
    </message>
    <message>
        <source>The first hold runs out in %1.</source>
        <translation>Die erste Reservierung läuft in %1 ab.</translation>
    </message>
    <message>
        <source>Amount due: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Zu zahlen: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b01c1c&apos;&gt;%1 short&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b01c1c&apos;&gt;%1 zu wenig&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Payment method</source>
        <translation>Zahlungsart</translation>
    </message>
</context>
<context>
    <name>boxoffice::PlacesTablesPanel</name>
    <message>
        <source>Standing places and tables (same sale)</source>
        <translation>Stehplätze und Tische (im selben Verkauf)</translation>
    </message>
    <message>
        <source>&amp;Standing:</source>
        <translation>&amp;Stehplätze:</translation>
    </message>
    <message>
        <source>Standing area</source>
        <translation>Stehbereich</translation>
    </message>
    <message>
        <source>Number of standing places</source>
        <translation>Anzahl Stehplätze</translation>
    </message>
    <message>
        <source> place(s)</source>
        <translation> Platz/Plätze</translation>
    </message>
    <message>
        <source>Hold places</source>
        <translation>Plätze reservieren</translation>
    </message>
    <message>
        <source>Hold this many standing places in this sale (Ctrl+G)</source>
        <translation>So viele Stehplätze in diesem Verkauf reservieren (Strg+G)</translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation>T&amp;isch:</translation>
    </message>
    <message>
        <source>Restaurant</source>
        <translation>Restaurant</translation>
    </message>
    <message>
        <source>Table date</source>
        <translation>Datum für den Tisch</translation>
    </message>
    <message>
        <source>Table time</source>
        <translation>Uhrzeit für den Tisch</translation>
    </message>
    <message>
        <source>How long the table is booked</source>
        <translation>Wie lange der Tisch gebucht ist</translation>
    </message>
    <message>
        <source>for %1 h %2</source>
        <translation>für %1 h %2</translation>
    </message>
    <message>
        <source>Party size</source>
        <translation>Personenzahl</translation>
    </message>
    <message>
        <source> people</source>
        <translation> Personen</translation>
    </message>
    <message>
        <source>Hold table</source>
        <translation>Tisch reservieren</translation>
    </message>
    <message>
        <source>Hold the best free table for this party and time in this sale (Ctrl+T)</source>
        <translation>Den besten freien Tisch für diese Gruppe und Uhrzeit in diesem Verkauf reservieren (Strg+T)</translation>
    </message>
    <message>
        <source>%1 — %2 each, %3 left</source>
        <translation>%1 — je %2, noch %3</translation>
    </message>
    <message>
        <source>%1 (deposit %2)</source>
        <translation>%1 (Anzahlung %2)</translation>
    </message>
    <message>
        <source>standing</source>
        <translation>Stehplatz</translation>
    </message>
    <message>
        <source>%1 is sold out; nothing was held. Offer seats instead.</source>
        <translation>%1 ist ausverkauft; nichts wurde reserviert. Bieten Sie stattdessen Sitzplätze an.</translation>
    </message>
    <message numerus="yes">
        <source>Only %n place(s) left in %1; nothing was held. Hold fewer.</source>
        <translation>
            <numerusform>Nur noch %n Platz in %1; nichts wurde reserviert. Reservieren Sie weniger.</numerusform>
            <numerusform>Nur noch %n Plätze in %1; nichts wurde reserviert. Reservieren Sie weniger.</numerusform>
        </translation>
    </message>
    <message>
        <source>This sale already holds places in %1. To change the number, give those back first (select the row, Ctrl+R), then hold the new number.</source>
        <translation>Dieser Verkauf hält schon Plätze in %1. Um die Anzahl zu ändern, geben Sie diese zuerst frei (Zeile wählen, Strg+R) und reservieren dann die neue Anzahl.</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Standing</source>
        <translation>Stehplatz</translation>
    </message>
    <message numerus="yes">
        <source>The hold on %n standing place(s) in %1 was renewed.</source>
        <translation>
            <numerusform>Die Reservierung von %n Stehplatz in %1 wurde erneuert.</numerusform>
            <numerusform>Die Reservierung von %n Stehplätzen in %1 wurde erneuert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Held %n standing place(s) in %1.</source>
        <translation>
            <numerusform>%n Stehplatz in %1 reserviert.</numerusform>
            <numerusform>%n Stehplätze in %1 reserviert.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 um %2</translation>
    </message>
    <message numerus="yes">
        <source>No table for %n people is free at %1 on %2; nothing was held. Try another time.</source>
        <translation>
            <numerusform>Kein Tisch für %n Person ist um %1 am %2 frei; nichts wurde reserviert. Versuchen Sie eine andere Uhrzeit.</numerusform>
            <numerusform>Kein Tisch für %n Personen ist um %1 am %2 frei; nichts wurde reserviert. Versuchen Sie eine andere Uhrzeit.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Table %1, %n people</source>
        <translation>
            <numerusform>Tisch %1, %n Person</numerusform>
            <numerusform>Tisch %1, %n Personen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 %3–%4</source>
        <translation>%1, %2 %3–%4</translation>
    </message>
    <message>
        <source>The hold on table %1 was renewed.</source>
        <translation>Die Reservierung von Tisch %1 wurde erneuert.</translation>
    </message>
    <message numerus="yes">
        <source>Held table %1 at %2 for %n people (deposit %3).</source>
        <translation>
            <numerusform>Tisch %1 um %2 für %n Person reserviert (Anzahlung %3).</numerusform>
            <numerusform>Tisch %1 um %2 für %n Personen reserviert (Anzahlung %3).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::PriceTypeDelegate</name>
    <message>
        <source>Price type</source>
        <translation>Preisart</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>boxoffice::PriceTypesDialog</name>
    <message>
        <source>Prices by type</source>
        <translation>Preise nach Preisart</translation>
    </message>
    <message>
        <source>%1: prices in %2 per band. A blank Child or Concession price is not offered; Complimentary is always free and needs a manager&apos;s reason at the sale.</source>
        <translation>%1: Preise in %2 je Preiskategorie. Ein leerer Preis für Kind oder Ermäßigt wird nicht angeboten; eine Freikarte ist immer kostenlos und braucht beim Verkauf einen Grund der Leitung.</translation>
    </message>
    <message>
        <source>Band</source>
        <translation>Preiskategorie</translation>
    </message>
</context>
<context>
    <name>boxoffice::PrintService</name>
    <message>
        <source>Printer for tickets</source>
        <translation>Drucker für Tickets</translation>
    </message>
    <message>
        <source>Printer for receipts</source>
        <translation>Drucker für Belege</translation>
    </message>
    <message>
        <source>Nothing was printed: no printer was chosen.</source>
        <translation>Nichts wurde gedruckt: kein Drucker gewählt.</translation>
    </message>
    <message numerus="yes">
        <source>Printing %n ticket(s)…</source>
        <translation>
            <numerusform>%n Ticket wird gedruckt …</numerusform>
            <numerusform>%n Tickets werden gedruckt …</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Printed %n ticket(s) on %1.</source>
        <translation>
            <numerusform>%n Ticket auf %1 gedruckt.</numerusform>
            <numerusform>%n Tickets auf %1 gedruckt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Printing the receipt…</source>
        <translation>Der Beleg wird gedruckt …</translation>
    </message>
    <message>
        <source>Printed the receipt for order %1 on %2.</source>
        <translation>Beleg für Bestellung %1 auf %2 gedruckt.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Printing was cancelled.</source>
        <translation>Der Druck wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Printing failed: %1</source>
        <translation>Drucken fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>boxoffice::QuoteModel</name>
    <message>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <source>Standing places</source>
        <translation>Stehplätze</translation>
    </message>
    <message>
        <source>Room</source>
        <translation>Zimmer</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tisch</translation>
    </message>
    <message>
        <source>%1, held until %2 (server time)</source>
        <translation>%1, reserviert bis %2 (Serverzeit)</translation>
    </message>
    <message>
        <source>In this sale</source>
        <translation>In diesem Verkauf</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preis</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>boxoffice::RatesDialog</name>
    <message>
        <source>Every night</source>
        <translation>Jede Nacht</translation>
    </message>
    <message>
        <source>ddd d MMM yyyy</source>
        <comment>date format (QLocale): weekday, day, month, year</comment>
        <translation>ddd d. MMM yyyy</translation>
    </message>
    <message>
        <source>Room rates: %1</source>
        <translation>Zimmerpreise: %1</translation>
    </message>
    <message>
        <source>&amp;Room type:</source>
        <translation>&amp;Zimmertyp:</translation>
    </message>
    <message>
        <source>%1 %2 (without a rate: %3 a night)</source>
        <translation>%1 %2 (ohne Tarif: %3 pro Nacht)</translation>
    </message>
    <message>
        <source>Where rates overlap, the one over fewer nights wins; over the same nights, one for some weekdays wins over one for every night; then the one added last.</source>
        <translation>Wo sich Tarife überschneiden, gilt der über weniger Nächte; über dieselben Nächte gilt einer für bestimmte Wochentage vor einem für jede Nacht; danach der zuletzt hinzugefügte.</translation>
    </message>
    <message>
        <source>Rates of the room type</source>
        <translation>Tarife des Zimmertyps</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>Tarif</translation>
    </message>
    <message>
        <source>First night</source>
        <translation>Erste Nacht</translation>
    </message>
    <message>
        <source>Last night</source>
        <translation>Letzte Nacht</translation>
    </message>
    <message>
        <source>Nights</source>
        <translation>Nächte</translation>
    </message>
    <message>
        <source>Price a night</source>
        <translation>Preis pro Nacht</translation>
    </message>
    <message>
        <source>Re&amp;move the selected rate</source>
        <translation>Gewählten Tarif ent&amp;fernen</translation>
    </message>
    <message>
        <source>Price of each night</source>
        <translation>Preis jeder Nacht</translation>
    </message>
    <message>
        <source>Night</source>
        <translation>Nacht</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preis</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>A manager sets room rates.</source>
        <translation>Zimmerpreise legt eine Leitung fest.</translation>
    </message>
    <message>
        <source>Add a rate</source>
        <translation>Tarif hinzufügen</translation>
    </message>
    <message>
        <source>e.g. Summer season, Weekend</source>
        <translation>z. B. Sommersaison, Wochenende</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>ddd d MMM yyyy</source>
        <comment>date format (QDateEdit): weekday, day, month, year</comment>
        <translation>ddd d. MMM yyyy</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>&amp;First to last night:</source>
        <translation>&amp;Erste bis letzte Nacht:</translation>
    </message>
    <message>
        <source>&amp;Weekend</source>
        <translation>&amp;Wochenende</translation>
    </message>
    <message>
        <source>Friday and Saturday nights</source>
        <translation>Die Nächte von Freitag und Samstag</translation>
    </message>
    <message>
        <source>Only on (none: every night):</source>
        <translation>Nur an (keiner: jede Nacht):</translation>
    </message>
    <message>
        <source>&amp;Price a night (%1):</source>
        <translation>&amp;Preis pro Nacht (%1):</translation>
    </message>
    <message>
        <source>&amp;Add the rate</source>
        <translation>Tarif &amp;hinzufügen</translation>
    </message>
    <message>
        <source>%1 (not added yet)</source>
        <translation>%1 (noch nicht hinzugefügt)</translation>
    </message>
    <message>
        <source>The next %1 nights from %2, with the rate being added:</source>
        <translation>Die nächsten %1 Nächte ab %2, mit dem neuen Tarif:</translation>
    </message>
    <message>
        <source>The next %1 nights from %2:</source>
        <translation>Die nächsten %1 Nächte ab %2:</translation>
    </message>
    <message>
        <source>the room type&apos;s price</source>
        <translation>Preis des Zimmertyps</translation>
    </message>
    <message>
        <source>Rate &quot;%1&quot; added: the calendar shows its prices.</source>
        <translation>Tarif „%1“ hinzugefügt: Der Kalender zeigt seine Preise.</translation>
    </message>
    <message>
        <source>Choose the rate to remove first.</source>
        <translation>Wählen Sie zuerst den Tarif, der entfernt werden soll.</translation>
    </message>
    <message>
        <source>Rate &quot;%1&quot; removed: its nights are priced by the other rates or the room type again.</source>
        <translation>Tarif „%1“ entfernt: Seine Nächte kosten wieder, was die anderen Tarife oder der Zimmertyp sagen.</translation>
    </message>
</context>
<context>
    <name>boxoffice::RoomRackModel</name>
    <message>
        <source>Dirty</source>
        <translation>Schmutzig</translation>
    </message>
    <message>
        <source>Clean</source>
        <translation>Gereinigt</translation>
    </message>
    <message>
        <source>Inspected</source>
        <translation>Abgenommen</translation>
    </message>
    <message>
        <source>Out of order</source>
        <translation>Außer Betrieb</translation>
    </message>
    <message>
        <source>%1 since %2, by %3</source>
        <translation>%1 seit %2, von %3</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Frei</translation>
    </message>
    <message>
        <source>Out of order: %1</source>
        <translation>Außer Betrieb: %1</translation>
    </message>
    <message>
        <source>%1, booking %2</source>
        <translation>%1, Buchung %2</translation>
    </message>
    <message>
        <source>Room</source>
        <translation>Zimmer</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Housekeeping</source>
        <translation>Zimmerstatus</translation>
    </message>
</context>
<context>
    <name>boxoffice::RoomRackPanel</name>
    <message>
        <source>&amp;From:</source>
        <translation>&amp;Ab:</translation>
    </message>
    <message>
        <source>First night shown</source>
        <translation>Erste angezeigte Nacht</translation>
    </message>
    <message>
        <source>S&amp;tay:</source>
        <translation>Au&amp;fenthalt:</translation>
    </message>
    <message>
        <source>Name or booking reference, then Enter</source>
        <translation>Name oder Buchungsnummer, dann Enter</translation>
    </message>
    <message>
        <source>Find the stay to give a room</source>
        <translation>Den Aufenthalt suchen, der ein Zimmer bekommt</translation>
    </message>
    <message>
        <source>Stay chosen</source>
        <translation>Gewählter Aufenthalt</translation>
    </message>
    <message>
        <source>&amp;Give this room</source>
        <translation>Zimmer &amp;zuweisen</translation>
    </message>
    <message>
        <source>The chosen booked stay gets the room selected in the rack for all its nights.</source>
        <translation>Der gewählte gebuchte Aufenthalt bekommt das in der Übersicht markierte Zimmer für alle seine Nächte.</translation>
    </message>
    <message>
        <source>Move &amp;guest here</source>
        <translation>&amp;Gast hierher verlegen</translation>
    </message>
    <message>
        <source>The chosen guest in house sleeps in the selected room from tonight on.</source>
        <translation>Der gewählte Gast im Haus schläft ab heute Nacht im markierten Zimmer.</translation>
    </message>
    <message>
        <source>Room rack</source>
        <translation>Zimmerübersicht</translation>
    </message>
    <message>
        <source>Housekeeping:</source>
        <translation>Zimmerstatus:</translation>
    </message>
    <message>
        <source>&amp;Dirty</source>
        <translation>&amp;Schmutzig</translation>
    </message>
    <message>
        <source>C&amp;lean</source>
        <translation>Ge&amp;reinigt</translation>
    </message>
    <message>
        <source>&amp;Inspected</source>
        <translation>A&amp;bgenommen</translation>
    </message>
    <message>
        <source>Out of order &amp;nights:</source>
        <translation>&amp;Nächte außer Betrieb:</translation>
    </message>
    <message>
        <source>First night out of order</source>
        <translation>Erste Nacht außer Betrieb</translation>
    </message>
    <message>
        <source>First night back in service</source>
        <translation>Erste Nacht wieder in Betrieb</translation>
    </message>
    <message>
        <source>Why, e.g. water leak</source>
        <translation>Warum, z. B. Wasserschaden</translation>
    </message>
    <message>
        <source>Why the room is out of order</source>
        <translation>Warum das Zimmer außer Betrieb ist</translation>
    </message>
    <message>
        <source>Out of o&amp;rder</source>
        <translation>Außer Be&amp;trieb</translation>
    </message>
    <message>
        <source>&amp;Back in service</source>
        <translation>&amp;Wieder in Betrieb</translation>
    </message>
    <message>
        <source>until</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>This hotel has no rooms recorded yet.</source>
        <translation>Für dieses Hotel sind noch keine Zimmer erfasst.</translation>
    </message>
    <message>
        <source>in house</source>
        <translation>im Haus</translation>
    </message>
    <message>
        <source>booked</source>
        <translation>gebucht</translation>
    </message>
    <message>
        <source>%1 %2, %3, %4 to %5 (%6)</source>
        <translation>%1 %2, %3, %4 bis %5 (%6)</translation>
    </message>
    <message>
        <source>No booked stay or guest in house matches “%1”.</source>
        <translation>Kein gebuchter Aufenthalt und kein Gast im Haus passt zu „%1“.</translation>
    </message>
    <message numerus="yes">
        <source>%n stay(s) found: choose one, select a room in the rack, then give it the room or move the guest there.</source>
        <translation>
            <numerusform>%n Aufenthalt gefunden: Wählen Sie ihn, markieren Sie ein Zimmer in der Übersicht und weisen Sie es zu oder verlegen Sie den Gast dorthin.</numerusform>
            <numerusform>%n Aufenthalte gefunden: Wählen Sie einen, markieren Sie ein Zimmer in der Übersicht und weisen Sie es zu oder verlegen Sie den Gast dorthin.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server cannot be reached, so no room can be changed until it is back.</source>
        <translation>Der Server ist nicht erreichbar; bis er wieder da ist, kann kein Zimmer geändert werden.</translation>
    </message>
    <message>
        <source>Room %1 is %2&apos;s (%3) for all the stay&apos;s nights.</source>
        <translation>Zimmer %1 gehört für alle Nächte des Aufenthalts %2 (%3).</translation>
    </message>
    <message>
        <source>%1 sleeps in room %2 from tonight; the old room is left for housekeeping.</source>
        <translation>%1 schläft ab heute Nacht in Zimmer %2; das bisherige Zimmer geht an die Zimmerreinigung.</translation>
    </message>
    <message>
        <source>Room %1 is %2.</source>
        <translation>Zimmer %1 ist %2.</translation>
    </message>
    <message numerus="yes">
        <source>Room %1 is out of order for %n night(s) from %2; the calendar counts one room fewer.</source>
        <translation>
            <numerusform>Zimmer %1 ist ab %2 für %n Nacht außer Betrieb; der Kalender zählt ein Zimmer weniger.</numerusform>
            <numerusform>Zimmer %1 ist ab %2 für %n Nächte außer Betrieb; der Kalender zählt ein Zimmer weniger.</numerusform>
        </translation>
    </message>
    <message>
        <source>Room %1 is back in service and waits for housekeeping.</source>
        <translation>Zimmer %1 ist wieder in Betrieb und wartet auf die Zimmerreinigung.</translation>
    </message>
</context>
<context>
    <name>boxoffice::SeatMapLegend</name>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>Ausgewählt</translation>
    </message>
    <message>
        <source>Seat map legend</source>
        <translation>Legende des Saalplans</translation>
    </message>
    <message>
        <source>What the colours and marks on the seat map mean.</source>
        <translation>Was die Farben und Markierungen im Saalplan bedeuten.</translation>
    </message>
    <message>
        <source>a thick pink outline round the seat</source>
        <translation>ein dicker rosa Rahmen um den Platz</translation>
    </message>
</context>
<context>
    <name>boxoffice::SeatMapScene</name>
    <message>
        <source>%1, row %2, seat %3</source>
        <translation>%1, Reihe %2, Platz %3</translation>
    </message>
    <message>
        <source>, %1:%2 left</source>
        <translation>, noch %1:%2</translation>
    </message>
    <message>
        <source>STAGE</source>
        <translation>BÜHNE</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>ausgewählt</translation>
    </message>
</context>
<context>
    <name>boxoffice::SeatMapView</name>
    <message>
        <source>Seat map</source>
        <translation>Saalplan</translation>
    </message>
    <message>
        <source>Arrow keys move between seats, Space selects a seat, Enter holds or releases it, plus and minus zoom.</source>
        <translation>Pfeiltasten wechseln zwischen Plätzen, Leertaste wählt einen Platz, Enter reserviert oder gibt ihn frei, Plus und Minus zoomen.</translation>
    </message>
</context>
<context>
    <name>boxoffice::SignInDialog</name>
    <message>
        <source>Box office: sign in</source>
        <translation>Kasse: anmelden</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Box office&lt;/h2&gt;Sign in with your staff login.</source>
        <translation>&lt;h2&gt;Kasse&lt;/h2&gt;Melden Sie sich mit Ihrem Mitarbeiter-Login an.</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Benutzer:</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Passwort:</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>Server: %1</translation>
    </message>
    <message>
        <source>&amp;Sign in</source>
        <translation>&amp;Anmelden</translation>
    </message>
    <message>
        <source>Type your user name and password.</source>
        <translation>Geben Sie Benutzernamen und Passwort ein.</translation>
    </message>
</context>
<context>
    <name>boxoffice::StaffSwitch</name>
    <message>
        <source>Box office: sign in at %1</source>
        <translation>Kasse: an %1 anmelden</translation>
    </message>
</context>
<context>
    <name>boxoffice::StayCancelDialog</name>
    <message>
        <source>Cancel stay %1</source>
        <translation>Aufenthalt %1 stornieren</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, %2, %3 to %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;, %2, %3 bis %4</translation>
    </message>
    <message>
        <source>Nothing has been paid for this stay yet, so nothing is refunded. Cancelling gives its nights back for sale.</source>
        <translation>Für diesen Aufenthalt wurde noch nichts bezahlt, also wird nichts erstattet. Mit der Stornierung gehen die Nächte zurück in den Verkauf.</translation>
    </message>
    <message>
        <source>The guest has paid %1 for this stay. Only a manager can cancel a paid stay: they decide whether the guest gets everything back or a cancellation fee is kept. Please ask a manager to sign in.</source>
        <translation>Der Gast hat %1 für diesen Aufenthalt bezahlt. Nur die Leitung kann einen bezahlten Aufenthalt stornieren: sie entscheidet, ob der Gast alles zurückbekommt oder eine Stornogebühr einbehalten wird. Bitte die Leitung bitten, sich anzumelden.</translation>
    </message>
    <message>
        <source>The guest has paid %1 for this stay. The refund %2.</source>
        <translation>Der Gast hat %1 für diesen Aufenthalt bezahlt. Die Erstattung %2.</translation>
    </message>
    <message>
        <source>Cancel the &amp;stay</source>
        <translation>Aufenthalt &amp;stornieren</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>Schl&amp;ießen</translation>
    </message>
    <message>
        <source>&amp;Keep the stay</source>
        <translation>Aufenthalt &amp;behalten</translation>
    </message>
    <message>
        <source>&amp;Refund everything (%1)</source>
        <translation>Alles &amp;erstatten (%1)</translation>
    </message>
    <message>
        <source>Keep a cancellation &amp;fee and refund the rest</source>
        <translation>Storno&amp;gebühr einbehalten und den Rest erstatten</translation>
    </message>
    <message>
        <source>e.g. %1 %2</source>
        <translation>z. B. %1 %2</translation>
    </message>
    <message>
        <source>e.g. guest fell ill; late cancellation, 24-hour policy</source>
        <translation>z. B. Gast erkrankt; späte Stornierung, 24-Stunden-Regel</translation>
    </message>
    <message>
        <source>Fee &amp;kept:</source>
        <translation>Einbehaltene Gebü&amp;hr:</translation>
    </message>
    <message>
        <source>Rea&amp;son:</source>
        <translation>Gr&amp;und:</translation>
    </message>
    <message>
        <source>A fee is an amount up to %1.</source>
        <translation>Eine Gebühr ist ein Betrag bis %1.</translation>
    </message>
    <message>
        <source>Refund %1 · fee kept %2</source>
        <translation>Erstattung %1 · einbehaltene Gebühr %2</translation>
    </message>
    <message>
        <source>d MMM yyyy</source>
        <comment>date format (QLocale): day, month, year</comment>
        <translation>d. MMM yyyy</translation>
    </message>
</context>
<context>
    <name>boxoffice::StaySearchModel</name>
    <message>
        <source>Held</source>
        <translation>Reserviert</translation>
    </message>
    <message>
        <source>Booked</source>
        <translation>Gebucht</translation>
    </message>
    <message>
        <source>Checked in</source>
        <translation>Eingecheckt</translation>
    </message>
    <message>
        <source>Checked out</source>
        <translation>Ausgecheckt</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Storniert</translation>
    </message>
    <message>
        <source>Walked</source>
        <translation>Ausquartiert</translation>
    </message>
    <message>
        <source>Expired</source>
        <translation>Abgelaufen</translation>
    </message>
    <message>
        <source>Released</source>
        <translation>Freigegeben</translation>
    </message>
    <message numerus="yes">
        <source>%n night(s)</source>
        <translation>
            <numerusform>%n Nacht</numerusform>
            <numerusform>%n Nächte</numerusform>
        </translation>
    </message>
    <message>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>No-show</source>
        <translation>No-Show</translation>
    </message>
</context>
<context>
    <name>boxoffice::TillPanel</name>
    <message>
        <source>Not connected to the server.</source>
        <translation>Keine Verbindung zum Server.</translation>
    </message>
    <message>
        <source>Asking the server…</source>
        <translation>Server wird gefragt …</translation>
    </message>
    <message>
        <source>Till: waiting for the server</source>
        <translation>Kassenabschluss: warte auf den Server</translation>
    </message>
    <message>
        <source>Till</source>
        <translation>Kassenlade</translation>
    </message>
    <message>
        <source>Opening float</source>
        <translation>Wechselgeldbestand zu Beginn</translation>
    </message>
    <message>
        <source>Till currency</source>
        <translation>Währung der Kasse</translation>
    </message>
    <message>
        <source>&amp;Open till</source>
        <translation>Kasse ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Float:</source>
        <translation>Wechselgeld:</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Posten</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Till report</source>
        <translation>Kassenbericht</translation>
    </message>
    <message>
        <source>Card payments by card terminal reference:</source>
        <translation>Kartenzahlungen nach Referenz des Kartenterminals:</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>Payments</source>
        <translation>Zahlungen</translation>
    </message>
    <message>
        <source>Taken</source>
        <translation>Eingenommen</translation>
    </message>
    <message>
        <source>Handed back</source>
        <translation>Ausgezahlt</translation>
    </message>
    <message>
        <source>Card payments by terminal reference</source>
        <translation>Kartenzahlungen nach Terminalreferenz</translation>
    </message>
    <message>
        <source>Cash counted in the drawer</source>
        <translation>Gezähltes Bargeld in der Schublade</translation>
    </message>
    <message>
        <source>Optional, e.g. why the drawer is short</source>
        <translation>Optional, z. B. warum in der Kasse etwas fehlt</translation>
    </message>
    <message>
        <source>Cash &amp;counted:</source>
        <translation>Bargeld &amp;gezählt:</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Notiz:</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>C&amp;lose till</source>
        <translation>Kasse sch&amp;ließen</translation>
    </message>
    <message>
        <source>Close your till with the cash counted; a manager countersigns it afterwards</source>
        <translation>Schließen Sie Ihre Kasse mit dem gezählten Bargeld; die Leitung zeichnet danach gegen</translation>
    </message>
    <message>
        <source>Closed tills waiting for a manager&apos;s countersign</source>
        <translation>Geschlossene Kassen, die auf die Gegenzeichnung der Leitung warten</translation>
    </message>
    <message>
        <source>Clerk</source>
        <translation>Kassierer</translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation>Terminal</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Geschlossen</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Soll</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>Gezählt</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Differenz</translation>
    </message>
    <message>
        <source>Closed tills waiting for a countersign</source>
        <translation>Geschlossene Kassen, die auf Gegenzeichnung warten</translation>
    </message>
    <message>
        <source>&amp;Show report</source>
        <translation>Bericht an&amp;zeigen</translation>
    </message>
    <message>
        <source>Counter&amp;sign</source>
        <translation>Gegen&amp;zeichnen</translation>
    </message>
    <message>
        <source>Day report</source>
        <translation>Tagesbericht</translation>
    </message>
    <message>
        <source>Day of the report</source>
        <translation>Tag des Berichts</translation>
    </message>
    <message>
        <source>Show &amp;day</source>
        <translation>&amp;Tag anzeigen</translation>
    </message>
    <message>
        <source>Day:</source>
        <translation>Tag:</translation>
    </message>
    <message>
        <source>Cash</source>
        <translation>Bar</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>Voids</source>
        <translation>Stornos</translation>
    </message>
    <message>
        <source>Refunds</source>
        <translation>Erstattungen</translation>
    </message>
    <message>
        <source>Tills open/closed/signed</source>
        <translation>Kassen offen/geschlossen/gezeichnet</translation>
    </message>
    <message>
        <source>Outside a till</source>
        <translation>Außerhalb einer Kasse</translation>
    </message>
    <message>
        <source>Day report by clerk and terminal</source>
        <translation>Tagesbericht nach Kassierer und Terminal</translation>
    </message>
    <message>
        <source>Not connected to the server. Wait for the connection, then try again.</source>
        <translation>Keine Verbindung zum Server. Warten Sie auf die Verbindung und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>Type the float you start with (the cash in the drawer now).</source>
        <translation>Geben Sie den Wechselgeldbestand ein, mit dem Sie beginnen (das Bargeld jetzt in der Schublade).</translation>
    </message>
    <message>
        <source>Till opened with a float of %1. Sales at this terminal are counted in it.</source>
        <translation>Kasse mit einem Wechselgeldbestand von %1 geöffnet. Verkäufe an diesem Terminal werden darin gezählt.</translation>
    </message>
    <message>
        <source>You have no open till at this terminal to close.</source>
        <translation>Sie haben an diesem Terminal keine offene Kasse zum Schließen.</translation>
    </message>
    <message>
        <source>Count the cash in the drawer and type the amount, then close.</source>
        <translation>Zählen Sie das Bargeld in der Schublade, geben Sie den Betrag ein und schließen Sie dann.</translation>
    </message>
    <message>
        <source>Till closed: the cash balances. A manager countersigns it next.</source>
        <translation>Kasse geschlossen: das Bargeld stimmt. Als Nächstes zeichnet die Leitung gegen.</translation>
    </message>
    <message>
        <source>Till closed: %1 short. A manager countersigns it next.</source>
        <translation>Kasse geschlossen: %1 zu wenig. Als Nächstes zeichnet die Leitung gegen.</translation>
    </message>
    <message>
        <source>Till closed: %1 over. A manager countersigns it next.</source>
        <translation>Kasse geschlossen: %1 zu viel. Als Nächstes zeichnet die Leitung gegen.</translation>
    </message>
    <message>
        <source>Choose a closed till to countersign.</source>
        <translation>Wählen Sie eine geschlossene Kasse zum Gegenzeichnen.</translation>
    </message>
    <message>
        <source>Countersigned the till of %1 at %2.</source>
        <translation>Kasse von %1 an %2 gegengezeichnet.</translation>
    </message>
    <message>
        <source>You have no till open at this terminal. Open one with the cash in the drawer as its float; money taken without one is reported apart.</source>
        <translation>Sie haben an diesem Terminal keine Kasse offen. Öffnen Sie eine mit dem Bargeld in der Schublade als Wechselgeldbestand; Geld, das ohne Kasse eingenommen wird, erscheint gesondert im Bericht.</translation>
    </message>
    <message>
        <source>Till %1 — %2 at %3, open since %4</source>
        <translation>Kasse %1 — %2 an %3, offen seit %4</translation>
    </message>
    <message>
        <source>Till %1 — %2 at %3, %4 to %5, closed; waiting for a countersign</source>
        <translation>Kasse %1 — %2 an %3, %4 bis %5, geschlossen; wartet auf Gegenzeichnung</translation>
    </message>
    <message>
        <source>Till %1 — %2 at %3, %4 to %5, countersigned by %6</source>
        <translation>Kasse %1 — %2 an %3, %4 bis %5, gegengezeichnet von %6</translation>
    </message>
    <message>
        <source>Cash tendered (1 sale)</source>
        <translation>Bar erhalten (1 Verkauf)</translation>
    </message>
    <message>
        <source>Cash tendered (%1 sales)</source>
        <translation>Bar erhalten (%1 Verkäufe)</translation>
    </message>
    <message>
        <source>Change given</source>
        <translation>Wechselgeld gegeben</translation>
    </message>
    <message>
        <source>Cash handed back, voids</source>
        <translation>Bar ausgezahlt, Stornos</translation>
    </message>
    <message>
        <source>Cash handed back, refunds of earlier sales</source>
        <translation>Bar ausgezahlt, Erstattungen früherer Verkäufe</translation>
    </message>
    <message>
        <source>Cash expected in the drawer</source>
        <translation>Bargeld-Soll in der Schublade</translation>
    </message>
    <message>
        <source>Cash counted</source>
        <translation>Bargeld gezählt</translation>
    </message>
    <message>
        <source>Difference: balances</source>
        <translation>Differenz: stimmt</translation>
    </message>
    <message>
        <source>Difference: short</source>
        <translation>Differenz: zu wenig</translation>
    </message>
    <message>
        <source>Difference: over</source>
        <translation>Differenz: zu viel</translation>
    </message>
    <message>
        <source>Card sales (1 payment)</source>
        <translation>Kartenverkäufe (1 Zahlung)</translation>
    </message>
    <message>
        <source>Card sales (%1 payments)</source>
        <translation>Kartenverkäufe (%1 Zahlungen)</translation>
    </message>
    <message>
        <source>Card handed back, voids</source>
        <translation>Auf Karte zurück, Stornos</translation>
    </message>
    <message>
        <source>Card handed back, refunds of earlier sales</source>
        <translation>Auf Karte zurück, Erstattungen früherer Verkäufe</translation>
    </message>
    <message>
        <source>Card total</source>
        <translation>Karten gesamt</translation>
    </message>
    <message>
        <source>Voids (returned in this shift)</source>
        <translation>Stornos (in dieser Schicht zurückgegeben)</translation>
    </message>
    <message>
        <source>Refunds (of earlier sales)</source>
        <translation>Erstattungen (früherer Verkäufe)</translation>
    </message>
    <message>
        <source>Payments in another currency, not in these sums</source>
        <translation>Zahlungen in anderer Währung, nicht in diesen Summen</translation>
    </message>
    <message>
        <source>Clerk&apos;s note: %1</source>
        <translation>Notiz des Kassierers: %1</translation>
    </message>
    <message>
        <source>Manager&apos;s note: %1</source>
        <translation>Notiz der Leitung: %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 / %2 / %3</source>
        <translation>%1 / %2 / %3</translation>
    </message>
    <message>
        <source>(no terminal)</source>
        <translation>(kein Terminal)</translation>
    </message>
    <message>
        <source>All counters</source>
        <translation>Alle Kassen</translation>
    </message>
    <message>
        <source>Online (payment provider)</source>
        <translation>Online (Zahlungsdienst)</translation>
    </message>
    <message>
        <source>No money moved on %1.</source>
        <translation>Am %1 wurde kein Geld bewegt.</translation>
    </message>
</context>
</TS>
