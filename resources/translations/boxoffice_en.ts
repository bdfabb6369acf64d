<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>CartModel</name>
    <message>
        <source>Adult</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concession</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complimentary</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClerkError</name>
    <message>
        <source>The box-office server did not answer, so nothing was changed. Try again when the connection is back (the banner at the top says when).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server is busy (another counter is working on the same seats); nothing was changed. Try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Those were just sold at another counter or on the web; choose others.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That is no longer held or no longer exists (a hold may have run out); nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A limit was reached (for example, no more extensions); nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That cannot be done in the sale&apos;s present state; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server could not accept that request; check what you entered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your sign-in is not allowed to do this; ask a manager.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This program does not match the server&apos;s version; call the supervisor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong on the server and nothing was changed. Try again; if it happens again, call the supervisor.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <source>Something unexpected went wrong. If it happens again, tell whoever runs the box office.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing in this sale is held any more (the holds ran out or were released): take no payment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These holds have used every extension allowed: sell them now or let them go.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) just went to another buyer: %1. Nothing was held.</source>
        <translation>
            <numerusform>%n seat just went to another buyer: %1. Nothing was held.</numerusform>
            <numerusform>%n seats just went to other buyers: %1. Nothing was held.</numerusform>
        </translation>
    </message>
    <message>
        <source>This sale changed after its total was shown. Nothing was charged and the holds are kept: show the buyer the new total.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing could be sold: %1 went to other buyers. Take no payment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something in the cart has no price; ask a manager to set one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cart mixes currencies: sell each currency separately.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This cart is an order already: find it in the Orders tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This order is no longer waiting for payment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A payment for this is in progress, so nothing was released. Try again once the payment has an answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cash handed over is less than the amount due.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type or scan the card terminal&apos;s reference first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A card guarantee holds rooms only: take payment for the rest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name the gate this scanner is at, e.g. “Gate 2”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That gate name is too long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gate name has characters that cannot be shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No ticket with this code was ever issued.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user name or password is not right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No room of this type is free on every one of those nights. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some of those nights are outside the hotel&apos;s bookable calendar.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check-out must be after check-in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused: more rooms are already booked on one of those nights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type at least two letters of the name, or the booking reference.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This stay is not a current booking: nothing to change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This stay was paid for: a manager cancels it, refunding it or keeping a fee.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guest has checked in: check the stay out instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stay&apos;s money changed since you looked (a payment, a refund or a new price). Look again; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The price changes with this move: charge the difference, or a manager waives or refunds it. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say why: a refund, a fee or a waiver is recorded with its reason. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was paid for this stay, so no fee can be kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That was not accepted: check what was typed and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That does not exist (any more): look it up again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n place(s) went to another buyer: %1.</source>
        <translation>
            <numerusform>%n place went to another buyer: %1.</numerusform>
            <numerusform>%n places went to other buyers: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Someone else was quicker: it is no longer available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A limit was reached: this cannot be done again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This changed in the meantime and cannot be done now: look at it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your sign-in may not do this: ask a manager.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server was busy and nothing changed. Please try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server cannot be reached. Check the connection and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database belongs to another version of the box office: ask whoever runs the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A cancellation fee is at most what was paid for the stay, and not negative. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A party is %1 to %2 people.</source>
        <extracomment>%1 and %2 are the smallest and the largest party a table is booked for.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give a start and an end time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The booking must end after it starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A booking lasts at most %1 hours.</source>
        <extracomment>%1 is the most hours one table booking lasts, e.g. 12.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This table booking cannot be found: look it up again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a restaurant.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That table does not exist (any more): choose another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That table is already booked for part of that time: choose another table or time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table %1 seats %2, fewer than the party of %3.</source>
        <extracomment>%1 is the table&apos;s name, %2 how many it seats, %3 the size of the party.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No table for a party of %1 is free from %2 for %3 minutes.</source>
        <extracomment>%1 is the size of the party, %2 the time the booking starts (&quot;19:30&quot;), %3 how many minutes it lasts.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An amount in the till cannot be below zero.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That is more than a till holds; check the amount.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A note is at most %1 characters.</source>
        <extracomment>%1 is the most characters a note may have, e.g. 500.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the till&apos;s currency.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a day for the report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This till cannot be found: look at the list again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your till at this terminal is open already (since %1); close it before opening another.</source>
        <extracomment>%1 is the time the till was opened, e.g. 17:55.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This till was closed already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This till is still open: its clerk closes it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This till was countersigned already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the clerk who opened this till can close it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A till is countersigned by a manager other than the clerk who kept it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A complimentary seat is always free; it has no price to set.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A price cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a seat of this sale first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That seat is no longer held by this sale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That price type has no price in this seat&apos;s band: choose another, or ask a manager to set one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This performance has no price band %1.</source>
        <extracomment>%1 is the price band&apos;s code as the seat map shows it, e.g. A.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager may set prices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A complimentary seat needs a reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A complimentary seat needs a manager: ask a manager to sign in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the seats to hold for the house first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say who the house seats are for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the house seats to release first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager may hold seats for the house.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager may release house seats.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give both a check-in and a check-out date.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A stay needs at least one night: check-out is the day after check-in at the earliest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A stay can be at most %1 nights.</source>
        <extracomment>%1 is the most nights one stay may have, e.g. 60.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a room type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That room type does not exist (any more): look at the calendar again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guest name is too long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A hold lasts from one second to 24 hours.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This stay cannot be found: look it up again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This stay or that room type cannot be found: look it up again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This hotel cannot be found: choose it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show between one night and two years.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the first night and the night after the last.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say what to change: sellable rooms, physical rooms or both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room counts cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a booked stay can check in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a checked-in stay can check out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This stay was booked on guarantee: take the payment, then check out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing is owed for this stay on departure, so no payment was taken. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settle a guarantee with cash or a card payment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An upgrade goes to a better room type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say why, and give a compensation of zero or more. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the overbooked night first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A walk is not a move.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That case is already closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a stay in the guest list first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the stay and the nights to move it to first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say how the price difference is settled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new stay costs no more: there is nothing to charge.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing has been paid for this stay yet: the guest pays the new price on departure, nothing is charged now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the difference now, in cash or by card.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the difference in cash, or type the card terminal&apos;s reference.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a move to a cheaper stay refunds a difference.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing has been paid for this stay, so nothing is refunded: the guest pays the lower price on departure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a dearer stay&apos;s difference can be waived.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the guest&apos;s name: a stay is booked in a guest&apos;s name. Nothing was booked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A guest detail is too long: at most %1 characters.</source>
        <extracomment>%1 is the most characters the detail may have, e.g. 200.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A guest detail holds a character that cannot be printed (pasted from elsewhere?): type it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That e-mail address is not complete: check it, or leave it empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This guest profile cannot be found: look the guest up again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The nights are no longer held for this desk: hold them again, then book.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A charge needs a description, a price above zero and a quantity from 1 to 999.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charges are posted only while the guest is checked in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say why the charge is voided.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager may void a charge: ask one to sign in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That charge was voided or paid already; nothing changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The balance changed while the guest was paying (another desk posted or voided a charge). Nothing was changed: look at the folio and ask again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This guest still owes money: take the payment of the balance, then check out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This stay still owes money (the room on guarantee or folio charges): settle the folio and check out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the group&apos;s name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A group block holds rooms for one to %1 nights.</source>
        <extracomment>%1 is the most nights one block may have, e.g. 366.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A group block holds from 0 to %1 rooms a night, and some rooms on at least one night.</source>
        <extracomment>%1 is the most rooms a block may hold on one night, e.g. 999.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the block a cut-off that is still ahead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough rooms are on sale on %1: nothing was held for the group.</source>
        <extracomment>%1 is the first night without enough rooms on sale, e.g. 2026-05-01.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The group&apos;s block has no room left on %1: nothing was picked up.</source>
        <extracomment>%1 is the first night the group&apos;s block has no room left, e.g. 2026-05-01.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The group&apos;s cut-off has passed: its rooms are back on general sale. Book the guest as any guest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the guest&apos;s name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose nights within the group&apos;s block.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager holds, shrinks or lets go of a group&apos;s rooms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This group block cannot be found: look at the list again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guest arrives on a later day. Check-in opens on the arrival day; before it only a manager can allow an early check-in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stay&apos;s last night has passed: there is nothing to check into.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say why the guest may check in early.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Today is the arrival day or later: the guest can simply check in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name the partner property the guest goes to (one of this hotel&apos;s). Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show between one night and a year.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the partner property&apos;s name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the rate a name of at most %1 characters.</source>
        <extracomment>%1 is the longest name a rate may have, in characters, e.g. 80.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A rate runs from its first night to a last night on or after it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A rate covers at most %1 nights: split it in two.</source>
        <extracomment>%1 is the most nights one rate may cover, e.g. 732.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the weekdays again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A rate cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager may set room rates: ask a manager to sign in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That rate no longer exists: someone removed it. The list is read again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a room in the rack first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That room or stay cannot be found (any more): look at the rack again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That room is taken or out of order on at least one of those nights. Choose another room; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No clean room of this type is free for the whole stay, so the guest was not checked in. Have a room cleaned or give the stay a room in the Rooms tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That room is not clean or inspected yet. Have it cleaned, or choose another room.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That room is not of the stay&apos;s room type: choose a room of that type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That room is out of order: choose another room.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a booked stay is given a room ahead of arrival; a guest in house moves rooms instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a checked-in guest moves rooms; give a booked stay its room instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guest leaves today: there is no night left to move.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guest is in that room already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Housekeeping goes dirty, then clean, then inspected. A room out of order comes back into service first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The room is in that state already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the first night out of order (today or later) and the first night back in service, after it and within a year.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say why the room is out of order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A guest has this room on some of those nights, or it is out of order then already. Move the stay to another room first. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On some of those nights no physical room of this type is left to take out of order. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That room is not out of order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the stay by name or booking reference and choose it first.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FolioInvoice</name>
    <message>
        <source>Pro-forma invoice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invoice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guest: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking reference: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Night, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (%3 × %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guest is still in house: this pro-forma lists what is billed so far.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invoice %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FolioWords</name>
    <message>
        <source>Minibar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restaurant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paid in cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paid by card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paid online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HouseHoldDialog</name>
    <message>
        <source>House</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Technical (kill)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Money</name>
    <message>
        <source>“%1” is not an amount. Type digits only, such as %2 or %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Printing</name>
    <message>
        <source>There is nothing to print.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The printer does not take this paper size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The printer could not start the job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The printer stopped after %n page(s).</source>
        <translation>
            <numerusform>The printer stopped after %n page.</numerusform>
            <numerusform>The printer stopped after %n pages.</numerusform>
        </translation>
    </message>
    <message>
        <source>Printing was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The printer could not finish the job.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>goes back to the guest&apos;s card through the payment provider, within a few days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is handed back at the desk now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the box office…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box office</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the demo %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box-office desktop: sell seats at the counter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PostgreSQL URL of the central inventory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staff login. With BOXOFFICE_PASSWORD set, signs in without the dialog.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open this event first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder for ticket PDFs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for the database…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No database to work with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database is not ready for the box office.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your private demo database on this computer (demo sign-in: %1 / %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signing in as %1 failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box office tickets</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 to %2 (%n night(s))</source>
        <translation>
            <numerusform>%1 to %2 (%n night)</numerusform>
            <numerusform>%1 to %2 (%n nights)</numerusform>
        </translation>
    </message>
    <message>
        <source>d MMM</source>
        <comment>date format (QLocale): day and month</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free cancellation until %1: no fee is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The free cancellation ended %1. Nothing was paid for this stay, so no fee can be taken.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The free cancellation ended %1: the cancellation policy asks a fee of %2. A manager may keep less, saying why.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Receipt</name>
    <message>
        <source>Refund receipt, order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Receipt, order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange receipt, order %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReceiptStocks</name>
    <message>
        <source>80 mm receipt roll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SeatItem</name>
    <message>
        <source>Available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held by you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held by another sale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plain, in its price band&apos;s colour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blue with a white dot in the corner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>amber and hatched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dark grey and crossed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with a white bar across</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>House seat (off sale)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SeatMapView</name>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StateWords</name>
    <message>
        <source>pending</source>
        <comment>order state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paid</source>
        <comment>order state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>guaranteed</source>
        <comment>order state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <comment>order state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>order state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refunded</source>
        <comment>order state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending</source>
        <comment>order line state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sold</source>
        <comment>order line state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost</source>
        <comment>order line state: went to another buyer</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>released</source>
        <comment>order line state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replaced</source>
        <comment>order line state: exchanged</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refunded</source>
        <comment>order line state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>order line state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>due</source>
        <comment>refund state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paid out</source>
        <comment>refund state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <comment>refund state</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clerk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>move</source>
        <comment>overbooking: to another room type</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>upgrade</source>
        <comment>overbooking</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>walk</source>
        <comment>overbooking: to a partner hotel</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refunded</source>
        <comment>door refusal</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>door refusal</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not paid</source>
        <comment>door refusal</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exchanged for another seat</source>
        <comment>door refusal</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ticket code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>buyer name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>guest name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>card terminal reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 no longer held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at a new price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the total changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for another event</source>
        <comment>door refusal</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StayColumns</name>
    <message>
        <source>Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check-out</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TicketPdfWriter</name>
    <message>
        <source>The tickets could not be saved to %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box office</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SECTION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ROW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SEAT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PRICE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ORDER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No QR code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sold by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There are no tickets to print.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A ticket of order %1 has no code, so the door could not verify it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tickets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STANDING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PLACE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standing — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>admits one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VOUCHER · HOTEL STAY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VOUCHER · TABLE BOOKING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CHECK-IN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CHECK-OUT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NIGHTS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DATE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TIME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PARTY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BOOKING REFERENCE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BOOKING NUMBER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Voucher</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vouchers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TicketStocks</name>
    <message>
        <source>Ticket printer (2 x 5.5 in)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A6, one ticket a page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A4, three tickets a page</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice</name>
    <message>
        <source>Only a manager may do this. Ask a manager to approve it here, or send it to a manager&apos;s queue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new seats are no longer held for this sale. Nothing was changed; hold them again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 went to another buyer meanwhile. Nothing was changed; hold other seats and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The order or the held seats changed meanwhile. Nothing was changed; look at the order again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That order or request does not exist any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server is busy or cannot be reached. Nothing was changed; try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This could not be done. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card on file (guarantee)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund, cash handed back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund to the card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund due, to follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Receipt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund receipt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Receipt (copy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Units given back: as recorded on the order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: taken by another buyer first, not charged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paid by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paid online (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tendered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card terminal reference %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Net paid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Served by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep this receipt with your refund.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thank you. Please keep this receipt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund through the online payment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund to the card (terminal reference %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approved by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange receipt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchanged from order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Given back (order %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sold (order %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credit from order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference paid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference given back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No difference to pay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tickets given back no longer admit; the new tickets do.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::ApprovalsPanel</name>
    <message>
        <source>Waiting for a manager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunds and exchanges waiting for a manager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asked by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;pprove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Decline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole order</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n unit</numerusform>
            <numerusform>%n units</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a request first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approve the %1 of order %2: &quot;%3&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decline the %1 of order %2: &quot;%3&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refund</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another manager decided this request already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Declined: nothing was refunded or exchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approved and refunded %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approved and exchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the server. Wait for the connection, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::ArrivalsAtRiskModel</name>
    <message>
        <source>%1 rooms booked over the physical rooms of %2 on the night of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over by</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::CartModel</name>
    <message>
        <source>Held until %1 (server time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click or press F2 to sell this seat at another price type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::CompensationDialog</name>
    <message>
        <source>Guest: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. first night at the partner hotel, taxi paid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compensation &amp;paid:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partner &amp;property:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the partner property&apos;s name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose, or type a new one</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::CompensationReport</name>
    <message>
        <source>Night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n case(s), %1 paid in total</source>
        <translation>
            <numerusform>%n case, %1 paid in total</numerusform>
            <numerusform>%n cases, %1 paid in total</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No compensations in this period.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compensations per night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compensations paid per reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2: %3</source>
        <comment>walk to &lt;partner property&gt;: &lt;reason&gt;</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::ConnectionBanner</name>
    <message>
        <source>Connection to the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to the box-office server was lost at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything held for this sale stays held until at least %1; nothing sold or paid is lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing sold or paid is lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holding, selling and front-desk bookings wait until the connection is back; the map and the cart still show what you had.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now reconnecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now reconnecting (attempt %1)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Attempt %1 did not reach the server; reconnecting again in %n s.</source>
        <translation>
            <numerusform>Attempt %1 did not reach the server; reconnecting again in %n s.</numerusform>
            <numerusform>Attempt %1 did not reach the server; reconnecting again in %n s.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server answers again: reconnecting your session and reloading…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::CounterCheckout</name>
    <message>
        <source>Nothing in this sale is held any more (the holds ran out or were given back): nothing was sold; take no payment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the server: nothing was sold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hold on %1 ran out or was given back before the sale: nothing was sold and no money is due. Hold the seats again to sell them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This sale changed while it was open (%1): tell the buyer the new total.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not re-read this sale from the server just now (%1) Selling still checks it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::DatabaseWaitIndicator</name>
    <message>
        <source>Waiting for the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Waiting for the server… %n s</source>
        <translation>
            <numerusform>Waiting for the server… %n s</numerusform>
            <numerusform>Waiting for the server… %n s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::DeskWindow</name>
    <message>
        <source>Select seats on the map first (drag a box, or Ctrl-click seats).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No %1 seats together are free with that choice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held %1 (%2 better blocks went to other buyers first).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other buyers took the best %1 blocks while we tried; press Ctrl+B again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to give back: those holds had already ended.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gave back %1; they are on sale again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These holds cannot be extended any further.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order %1 sold: %2 charged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give %1 change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 had gone to another buyer and was not charged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tickets printed yet in this session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No PDF viewer to open %1 with; print it from the file manager.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1 is sold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1 is held by another buyer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1 was just taken by another buyer after its hold ran out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hold on %1 ran out; back on sale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign out / s&amp;witch user…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give back what this sale holds and let someone else sign in (Ctrl+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed out · terminal %1 · press Ctrl+L to sign in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sign in…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed in: %1 (%2) · terminal %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>This sale holds %n seat(s). Signing out gives them back for sale.</source>
        <translation>
            <numerusform>This sale holds %n seat. Signing out gives them back for sale.</numerusform>
            <numerusform>This sale holds %n seats. Signing out gives them back for sale.</numerusform>
        </translation>
    </message>
    <message>
        <source>A room is held for this booking. Signing out gives it back for sale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The room held at the front desk is given back too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing already sold or paid changes. Sign out?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Event:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find seat, e.g. C-3-14 (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best available:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Best available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold the best block of seats together (Ctrl+B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This sale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hold selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold the seats selected on the map (Ctrl+H)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give back the chosen cart rows, or the whole cart (Ctrl+R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xtend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One more hold period, within the event&apos;s limit (Ctrl+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sell: cash (F9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sell: card (F10)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box office</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hotel front desk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Door</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No events are on sale. Load some with: boxoffice-ctl seed-demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 seats. Click a seat to hold it, or press Ctrl+B for the best %3 together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1 selected: Ctrl+H holds it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No seat %1 in this event. Seats are named section-row-seat, e.g. A-3-14.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xtend (%1 left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box office — %1 — %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seats together for best available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Section for best available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price band for best available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What this sale holds: each seat or place with its price and the time left on its hold. Delete gives back the chosen rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total of this sale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Desk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Tab and Ctrl+Page Down show the next tab, Ctrl+Shift+Tab and Ctrl+Page Up the previous one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Extended %n hold(s).</source>
        <translation>
            <numerusform>Extended %n hold.</numerusform>
            <numerusform>Extended %n holds.</numerusform>
        </translation>
    </message>
    <message>
        <source>ddd d MMM HH:mm</source>
        <comment>date format (QLocale): weekday, day, month, time</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These holds have used every extension allowed: sell now, or give them back and hold again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing in this sale is held any more (the holds ran out): hold again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing is held for this sale yet: hold seats, standing places or a table first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the server: nothing can be sold until the connection is back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No sale: everything in it stays held.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n ticket(s) saved to %1.</source>
        <translation>
            <numerusform>%n ticket saved to %1.</numerusform>
            <numerusform>%n tickets saved to %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>The tickets could not be saved to %1: check the folder, then print them again from the Orders tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>This sale holds %n item(s) (seats, standing places or tables). Signing out gives them back for sale.</source>
        <translation>
            <numerusform>This sale holds %n item (seats, standing places or tables). Signing out gives them back for sale.</numerusform>
            <numerusform>This sale holds %n items (seats, standing places or tables). Signing out gives them back for sale.</numerusform>
        </translation>
    </message>
    <message>
        <source>What this sale holds could not be given back, so you are still signed in: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed out; what the sale held is on sale again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also gave back %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standing places have no printed ticket: the buyer shows the receipt with order number %1 at the door (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table is booked under order number %1 (%2): the deposit is on the receipt, no ticket.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the last sale&apos;s &amp;tickets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the last sale&apos;s &amp;receipt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open the last tickets as PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printer settings for tic&amp;kets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tickets will print on %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printer settings for re&amp;ceipts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Receipts will print on %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print tickets and receipt &amp;after each sale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print tickets and receipts; choose the printers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tickets were not printed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The receipt was not printed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing the tickets and the receipt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing the tickets; Ctrl+Shift+P prints the receipt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing the receipt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing the receipt; Ctrl+P prints the tickets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+P prints the receipt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+P prints the tickets, Ctrl+Shift+P the receipt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tickets sold yet in this session. Reprint an older order&apos;s from the Orders tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Printing %n ticket(s)…</source>
        <translation>
            <numerusform>Printing %n ticket…</numerusform>
            <numerusform>Printing %n tickets…</numerusform>
        </translation>
    </message>
    <message>
        <source>No sale yet in this session. Print an older order&apos;s receipt from the Orders tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing the receipt for order %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the server: wait for the connection, then reprint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order %1 has no tickets to print.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tickets of order %1 could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Reprinting %n ticket(s) of order %1 with the same codes.</source>
        <translation>
            <numerusform>Reprinting %n ticket of order %1 with the same codes.</numerusform>
            <numerusform>Reprinting %n tickets of order %1 with the same codes.</numerusform>
        </translation>
    </message>
    <message>
        <source>Printing a copy of the receipt for order %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold for &amp;house…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the seats selected on the map off sale for the house, press or a technical kill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release house seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put the house seats selected on the map back on sale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Prices…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set this event&apos;s adult, child and concession prices per band</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complimentary seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why is %1 given away? (recorded with the manager&apos;s name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No comp for %1: a complimentary seat needs a reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A complimentary seat needs a manager: ask a manager to sign in at this desk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1 is no longer held by this sale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1 has no %2 price for this event.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sells as %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the seats to hold for the house on the map first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager may hold seats for the house.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not every selected seat is free: nothing was held for the house.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held %1 for %2 (%3): off sale until released.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select house seats on the map first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager may release house seats.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Released %1: on sale again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager may set prices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No price changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n price(s) saved.</source>
        <translation>
            <numerusform>%n price saved.</numerusform>
            <numerusform>%n prices saved.</numerusform>
        </translation>
    </message>
    <message>
        <source>Seat %1 is held for the house; a manager can release it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+P prints the exchange receipt for order %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+P prints the refund receipt for order %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing the exchange receipt for order %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing the refund receipt for order %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+P prints the receipt for order %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total: the sale mixes currencies; sell each currency separately</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::DoorPanel</name>
    <message>
        <source>READY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan a ticket.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 2 or North door</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This scanner is at gate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan the ticket&apos;s QR code, or type the code and press Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last scans at this terminal:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT CHECKED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the server. Wait for the connection, then scan again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME THE GATE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the gate this scanner is at, then scan again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT A TICKET</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a box-office ticket code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT A TICKET  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server did not answer (%1). Scan the ticket again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ADMITTED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ADMITTED  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ALREADY ADMITTED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admitted at %1, gate %2. Do not let this ticket in again.
%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ALREADY ADMITTED  %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It had been admitted before: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT VALID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT VALID  %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No ticket with this code was ever issued. Ask for the order number and send the buyer to the box office.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This ticket was refunded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This ticket was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This ticket is not paid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This ticket was exchanged for another seat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>admitted at %1, gate %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — seat %2 (%3), order %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last scans at this terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This ticket is for another event.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — standing, %2, order %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::FolioDialog</name>
    <message>
        <source>Folio</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::FolioPanel</name>
    <message>
        <source>Folio charges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Posted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind of charge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What was it? e.g. two beers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>× </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price of one, e.g. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price of one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Post charge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Void charge… (manager)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settle and check out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Invoice PDF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2, %3, %4 to %5 (%6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a stay to see its folio.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>voided by %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance %1: room %2, extras %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the price of one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Posted: %1, %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a charge in the list first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Void a charge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why is this charge voided?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager may void a charge: ask one to sign in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The charge was voided; it stays on the folio with the reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No payment was recorded: give back what the guest handed over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paid %1; give %2 change. The guest is checked out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was owed. The guest is checked out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invoice-%1.pdf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the invoice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invoice written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The invoice could not be written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::FrontDeskPanel</name>
    <message>
        <source>Held %1 (reference %2). Take the guest&apos;s details, then book.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No stay held.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hold on %1 ran out; the nights are on sale again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 — held for %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select nights on the calendar first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booked %1 on guarantee: order %2, %3 due on departure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booked %1: order %2, %3 paid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give %1 change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Released %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a room type, a first night and at least one night.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Those nights are outside the hotel&apos;s calendar.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the nights on the calendar first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager may change how many rooms are sold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n night(s) now sell up to %1 rooms.</source>
        <translation>
            <numerusform>%n night now sells up to %1 rooms.</numerusform>
            <numerusform>%n nights now sell up to %1 rooms.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stay(s) found.</source>
        <translation>
            <numerusform>%n stay found.</numerusform>
            <numerusform>%n stays found.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a stay in the list first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paid %1; give %2 change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the new nights on the calendar, then move.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done: %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a guest in the list first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Walk to a partner hotel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>upgraded: overbooked night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moved: overbooked night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager may move, upgrade or walk a guest: ask one to sign in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 — recorded in the compensation ledger.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a case in the list first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case of order %1 closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag across the nights of a room type to select them, then hold them (Ctrl+H).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Book: cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Book: card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Book: guarantee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or type it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> night(s) from</source>
        <translation>
            <numerusform> night from</numerusform>
            <numerusform> nights from</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Hold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A manager sets how many rooms may be sold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name or booking reference, then Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check &amp;in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check &amp;out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Move to the selected nights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ca&amp;ncel stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Guests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upgrade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Walk to a partner…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A manager decides this: ask one to sign in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Arrivals at risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Compensations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buyers who paid for something they could not get (refunded automatically): call them, then mark the case done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buyer contacted: close the case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refund cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export compensations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was paid for this stay, so nothing is refunded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refunded: it %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guest paid %1 for this stay. Walking refunds all of it, which %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not cancelled: the guest has paid %1 for this stay. Only a manager can cancel it, with a refund or a cancellation fee.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager can cancel a paid stay: ask one to sign in. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled %1 (%2):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its night is back on sale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its %1 nights are back on sale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fee kept: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not moved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not moved: nothing was charged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager can waive or refund a price difference: ask one to sign in. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moved %1 (%2) to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charged %1 at the desk; give %2 change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference of %1 waived.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New price %1, paid on departure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>H&amp;otel:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrow keys move, Shift+arrows select nights, Enter holds the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Front desk tasks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nights to book</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check-in date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room type to book</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Se&amp;llable rooms on the selected nights:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find a guest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stays found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Night:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrivals at risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To roo&amp;m type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, %n night(s) from %2</source>
        <translation>
            <numerusform>%1, %n night from %2</numerusform>
            <numerusform>%1, %n nights from %2</numerusform>
        </translation>
    </message>
    <message>
        <source>ddd d MMM yyyy</source>
        <comment>date format (QDateEdit): weekday, day, month, year</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server cannot be reached, so nothing can be held, booked or changed here until it is back. What is shown is as it was last read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stay %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stay %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stay cancelled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at the guest&apos;s request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fee kept %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, moved to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room change: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cheaper stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No payment was recorded: give back what the guest handed over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold the selected nights (Ctrl+H)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, %n night(s) from %2 selected: hold them (Ctrl+H), or move a stay there.</source>
        <translation>
            <numerusform>%1, %n night from %2 selected: hold it (Ctrl+H), or move a stay there.</numerusform>
            <numerusform>%1, %n nights from %2 selected: hold them (Ctrl+H), or move a stay there.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stay %1 has no guest profile (booked on the web or before profiles were kept): find the guest&apos;s profile by name instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guest &amp;profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find a guest profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Early check-in allowed and recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Early check-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 arrives on %2. Check in early anyway? Say why (kept on record):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folio of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The price of each night per room type: seasons and weekends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gro&amp;ups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a hotel first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rat&amp;es…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folio…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lis&amp;ts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room rac&amp;k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Night au&amp;dit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::GroupBlocksTab</name>
    <message>
        <source>Group blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cut-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rooms a night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Picked up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remaining</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nights of the chosen block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick up a guest of the group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guest&apos;s name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Guest:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check-&amp;in:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check-o&amp;ut:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On guarantee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Payment:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick &amp;up and book</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold rooms for a group (manager)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group&apos;s name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gro&amp;up:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room &amp;type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;First night:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Nights:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rooms a night:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cut-off:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hold rooms for the group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give rooms back (manager)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keep rooms a night:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Shrink the block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Let the whole block go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group blocks message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager holds, shrinks or lets go of a group&apos;s rooms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 – %2 (%n night(s))</source>
        <translation>
            <numerusform>%1 – %2 (%n night)</numerusform>
            <numerusform>%1 – %2 (%n nights)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (passed: rooms on sale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server cannot be reached, so no group&apos;s rooms can be held or picked up until it is back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Holding %n room(s) a night for %1 until %2.</source>
        <translation>
            <numerusform>Holding %n room a night for %1 until %2.</numerusform>
            <numerusform>Holding %n rooms a night for %1 until %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose the group&apos;s block in the list first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was booked; the room stays in %1&apos;s block.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booked %1 of %2 on guarantee (reference %3): %4 due on departure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booked %1 of %2 (reference %3): %4 paid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give %1 change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 keeps at most %2 room(s) a night; %n room-night(s) back on sale.</source>
        <translation>
            <numerusform>%1 keeps at most %2 room(s) a night; %n room-night back on sale.</numerusform>
            <numerusform>%1 keeps at most %2 room(s) a night; %n room-nights back on sale.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Let %1&apos;s block go: %n room-night(s) back on sale; guests picked up keep their rooms.</source>
        <translation>
            <numerusform>Let %1&apos;s block go: %n room-night back on sale; guests picked up keep their rooms.</numerusform>
            <numerusform>Let %1&apos;s block go: %n room-nights back on sale; guests picked up keep their rooms.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::GuestProfileDialog</name>
    <message>
        <source>Guest profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name, e-mail, phone or address, then Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find a guest profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guest profiles found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E-&amp;mail:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Phone:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;ddress:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preferences, allergies, what to remember next time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save the profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stays, newest first:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Guest since %1, %n stay(s); last changed %2.</source>
        <translation>
            <numerusform>Guest since %1, %n stay; last changed %2.</numerusform>
            <numerusform>Guest since %1, %n stays; last changed %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Guest profile: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n guest profile(s) found.</source>
        <translation>
            <numerusform>%n guest profile found.</numerusform>
            <numerusform>%n guest profiles found.</numerusform>
        </translation>
    </message>
    <message>
        <source>Saved. Stays booked from now on carry the name as saved; stays already booked keep theirs.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::GuestProfileFields</name>
    <message>
        <source>&amp;Guest name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required to book</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E-&amp;mail:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Phone:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;ddress:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Returning guests who match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click or press Enter to book under this guest&apos;s profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not this guest</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n stay(s)</source>
        <translation>
            <numerusform>%1 — %n stay</numerusform>
            <numerusform>%1 — %n stays</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Returning guest: %1, %n stay(s) before. Changes typed here update the profile.</source>
        <translation>
            <numerusform>Returning guest: %1, %n stay before. Changes typed here update the profile.</numerusform>
            <numerusform>Returning guest: %1, %n stays before. Changes typed here update the profile.</numerusform>
        </translation>
    </message>
    <message>
        <source>Returning guest?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::HotelGridView</name>
    <message>
        <source>Room type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sellable: %1&lt;br&gt;Physical: %2&lt;br&gt;Booked: %3&lt;br&gt;Free: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overbooked by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room type
free / sellable a night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room calendar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No room types to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2, %3: %4 free, %5 booked, %6 sellable of %7 rooms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overbooked by %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Selected: %n night(s) from %1.</source>
        <translation>
            <numerusform>Selected: %n night from %1.</numerusform>
            <numerusform>Selected: %n nights from %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>dddd d MMMM yyyy</source>
        <comment>date format (QLocale): weekday, day, month, year</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price: %1</source>
        <extracomment>%1 is the night&apos;s price from the rates, e.g. &quot;€145.00&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::HotelListModel</name>
    <message>
        <source>not arrived yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checked in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checked out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no-show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leaves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::HotelListsPanel</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Day:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ddd d MMM yyyy</source>
        <comment>date format (QDateEdit): weekday, day, month, year</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lists of the day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrivals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Departures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-house</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export as &amp;CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> nights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nights to show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roo&amp;m type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export as C&amp;SV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Occupancy and revenue per night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Physical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sellable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revenue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ADR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RevPAR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrivals (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Departures (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-house (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole hotel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggested from this hotel&apos;s own history; the manager sets the limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: too little history to suggest overbooking (%n booked room-night(s)).</source>
        <translation>
            <numerusform>%1: too little history to suggest overbooking (%n booked room-night).</numerusform>
            <numerusform>%1: too little history to suggest overbooking (%n booked room-nights).</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 of %3 booked room-nights lost (%4 late cancellations, %5 no-shows, less %6 walked) → suggest selling %7 on %8 physical rooms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Suggested sellable limits, from the last %n night(s) (a manager sets the limit on the Stay tab):</source>
        <translation>
            <numerusform>Suggested sellable limits, from the last night (a manager sets the limit on the Stay tab):</numerusform>
            <numerusform>Suggested sellable limits, from the last %n nights (a manager sets the limit on the Stay tab):</numerusform>
        </translation>
    </message>
    <message>
        <source>Export as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::HouseHoldDialog</name>
    <message>
        <source>Hold for house</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Take %n seat(s) off sale with no expiry: %1. A manager releases them on purpose.</source>
        <translation>
            <numerusform>Take %n seat off sale with no expiry: %1. A manager releases them on purpose.</numerusform>
            <numerusform>Take %n seats off sale with no expiry: %1. A manager releases them on purpose.</numerusform>
        </translation>
    </message>
    <message>
        <source>e.g. Director, Evening Post, sound desk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;For:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::ManagerApprovalDialog</name>
    <message>
        <source>A manager&apos;s approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1

A manager approves this here by signing in below. You stay signed in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manager&apos;s &amp;user:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Approve now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send to a manager&apos;s &amp;queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The manager types their user name and password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That is not a manager&apos;s user name and password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The manager could not be signed in: the server did not answer. Try again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::MoveStayDialog</name>
    <message>
        <source>Move stay %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;from %2, %3&lt;br&gt;to %4, %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sold for %1 · new price %2 · &lt;b&gt;%3&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Move the stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 less</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to charge or refund.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing has been paid for this stay yet: the guest pays the new price, %1, on departure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new room costs %1 more than the guest paid. Charge it now, or a manager waives it: the guest keeps the old price.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Charge %1 now (cash or card)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Waive it (a manager&apos;s decision, with a reason)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager can waive a difference: ask one to sign in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. our fault: the booked room is out of order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new room costs %1 less. The difference is refunded and %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. guest asked for a cheaper room</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new room costs %1 less, so the guest gets %1 back. Only a manager can refund: please ask a manager to move this stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rea&amp;son:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::NightAuditPanel</name>
    <message>
        <source>Cancelled (not guaranteed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No-show (guaranteed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No-show (prepaid)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No-show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Business date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Business &amp;date:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run night audit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CS&amp;V…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stays settled by the night audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nights back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marks the day&apos;s no-shows, charges their fees per the cancellation policy and gives their nights back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a manager can run the night audit. You can read its report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the night audit for %1?

Guests who were due by then and did not check in become no-shows: guaranteed and prepaid stays are charged the no-show fee of the cancellation policy, the others are cancelled, and all their nights go back on sale. This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Night audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Night audit done: %n no-show(s), %1 in fees, %2 night(s) back on sale.</source>
        <translation>
            <numerusform>Night audit done: %n no-show, %1 in fees, %2 night(s) back on sale.</numerusform>
            <numerusform>Night audit done: %n no-shows, %1 in fees, %2 night(s) back on sale.</numerusform>
        </translation>
    </message>
    <message>
        <source>The night audit of this date had already run: nothing was charged again. Its report is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The night audit has not run for this date.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run by %1 at %2. Arrivals %3 · departures %4 · in house %5 of %6 rooms (%7%) · room revenue %8
No-shows %9 · cancelled %10 · fees %11 · refunded %12 · nights back on sale %13</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the night audit or show a report first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the night audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::OccupancyChart</name>
    <message>
        <source>Occupancy chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rooms sold per night against the physical rooms, with the sellable limit, the suggested limit and the room revenue; the table beside it holds the same figures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No nights to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Physical rooms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sellable limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggested limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room revenue</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::OrderActions</name>
    <message>
        <source>Units to refund or exchange (none ticked: refund the whole order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Units of the order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why, in a few words (required)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash handed over, or the card terminal&apos;s reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A dearer exchange is &amp;paid by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;fund…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xchange for the held seats…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in cash from the till</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 back to the card it was paid with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 back to the card (terminal reference %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 back through the online payment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an order to refund or exchange its units.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a paid order can be refunded or exchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A refund of the whole order pays %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A refund of %1 pays %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a paid order first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the reason for the refund.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded: %1. The payment provider carries it out shortly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded: hand the buyer %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the server. Wait for the connection, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This order already waits for a manager&apos;s decision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent to a manager&apos;s queue. Hand nothing back until a manager has approved it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was refunded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick the units the buyer gives back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the reason for the exchange.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold the buyer&apos;s new seats in the Box office tab first, then exchange.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The buyer pays %1: the cash handed over is less.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the cash handed over for the %1 difference.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type or scan the card terminal&apos;s reference for the %1 difference.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the buyer pays %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the buyer gets %1 back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no money changes hands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange %1 for %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Exchanged: %n new ticket(s).</source>
        <translation>
            <numerusform>Exchanged: %n new ticket.</numerusform>
            <numerusform>Exchanged: %n new tickets.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 taken; give %2 change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 taken.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pay %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent to a manager&apos;s queue; the new seats stay held for it until their hold runs out. Take no money until a manager has approved it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was exchanged; the new seats stay held.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payment for a dearer exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new seats are priced in %1 and the order in %2: exchange for seats sold in %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::OrderLookupPanel</name>
    <message>
        <source>Seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type an order number, a name, a card terminal reference, or scan a ticket; then press Enter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order number, buyer or guest name, ticket code or card terminal reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Found by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the server. Wait for the connection, then search again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No order matches &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The newest %1 matching orders; type more to narrow the search.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 matching order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matching orders, newest first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order %1 could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order %1 — %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sold online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sold at the counter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, created %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, paid %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded so far: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lines (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  %1 %2 — %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payments (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  online (%1) %2 — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  %1 at the counter %2 — taken by %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, reference %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunds (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  %1 — %2, &quot;%3&quot;, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tickets (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  %1  %2, seat %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find an order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orders found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chosen order&apos;s lines, payments, refunds and tickets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reprint &amp;tickets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prints the order&apos;s tickets again, with the same codes: the door admits each ticket once, whichever copy is scanned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print &amp;receipt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prints a copy of the order&apos;s receipt: lines, payments and refunds so far.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchanged into order %1: %2 carried over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sold in an exchange from order %1: %2 credit carried over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exchanged into order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchanges (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  units worth %1 given back for order %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  %1 given back for order %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  from order %1: %2 credit toward %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>    &quot;%1&quot;, by %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  %1  %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::OverbookingHint</name>
    <message>
        <source>Suggested: %1 (too little history to overbook)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggested: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>From the last %n night(s): %1 % of %2 booked room-nights lost to %3 late cancellations and %4 no-shows, less %5 walked, on %6 physical rooms.</source>
        <translation>
            <numerusform>From the last night: %1 % of %2 booked room-nights lost to %3 late cancellations and %4 no-shows, less %5 walked, on %6 physical rooms.</numerusform>
            <numerusform>From the last %n nights: %1 % of %2 booked room-nights lost to %3 late cancellations and %4 no-shows, less %5 walked, on %6 physical rooms.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::PaymentDialog</name>
    <message>
        <source>Take payment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash &amp;handed over:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change to give:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type or scan the terminal&apos;s receipt reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminal &amp;reference:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Car&amp;d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the guaranteeing card&apos;s reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card on &amp;file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing is charged now; the stay is paid on departure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Guarantee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sell</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hold on %1 ran out before the sale: nothing was sold and no money is due. Hold the seats again to sell them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first hold runs out in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount due: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b01c1c&apos;&gt;%1 short&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payment method</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::PlacesTablesPanel</name>
    <message>
        <source>Standing places and tables (same sale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Standing:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standing area</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of standing places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> place(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold this many standing places in this sale (Ctrl+G)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restaurant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the table is booked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for %1 h %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Party size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> people</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold the best free table for this party and time in this sale (Ctrl+T)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 each, %3 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (deposit %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>standing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is sold out; nothing was held. Offer seats instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Only %n place(s) left in %1; nothing was held. Hold fewer.</source>
        <translation>
            <numerusform>Only %n place left in %1; nothing was held. Hold fewer.</numerusform>
            <numerusform>Only %n places left in %1; nothing was held. Hold fewer.</numerusform>
        </translation>
    </message>
    <message>
        <source>This sale already holds places in %1. To change the number, give those back first (select the row, Ctrl+R), then hold the new number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standing</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The hold on %n standing place(s) in %1 was renewed.</source>
        <translation>
            <numerusform>The hold on %n standing place in %1 was renewed.</numerusform>
            <numerusform>The hold on %n standing places in %1 was renewed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Held %n standing place(s) in %1.</source>
        <translation>
            <numerusform>Held %n standing place in %1.</numerusform>
            <numerusform>Held %n standing places in %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>No table for %n people is free at %1 on %2; nothing was held. Try another time.</source>
        <translation>
            <numerusform>No table for %n people is free at %1 on %2; nothing was held. Try another time.</numerusform>
            <numerusform>No table for %n people is free at %1 on %2; nothing was held. Try another time.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Table %1, %n people</source>
        <translation>
            <numerusform>Table %1, %n people</numerusform>
            <numerusform>Table %1, %n people</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 %3–%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hold on table %1 was renewed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Held table %1 at %2 for %n people (deposit %3).</source>
        <translation>
            <numerusform>Held table %1 at %2 for %n people (deposit %3).</numerusform>
            <numerusform>Held table %1 at %2 for %n people (deposit %3).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::PriceTypeDelegate</name>
    <message>
        <source>Price type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::PriceTypesDialog</name>
    <message>
        <source>Prices by type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: prices in %2 per band. A blank Child or Concession price is not offered; Complimentary is always free and needs a manager&apos;s reason at the sale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Band</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::PrintService</name>
    <message>
        <source>Printer for tickets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printer for receipts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was printed: no printer was chosen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Printing %n ticket(s)…</source>
        <translation>
            <numerusform>Printing %n ticket…</numerusform>
            <numerusform>Printing %n tickets…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Printed %n ticket(s) on %1.</source>
        <translation>
            <numerusform>Printed %n ticket on %1.</numerusform>
            <numerusform>Printed %n tickets on %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Printing the receipt…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printed the receipt for order %1 on %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::QuoteModel</name>
    <message>
        <source>Seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standing places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, held until %2 (server time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In this sale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::RatesDialog</name>
    <message>
        <source>Every night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ddd d MMM yyyy</source>
        <comment>date format (QLocale): weekday, day, month, year</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room rates: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Room type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 (without a rate: %3 a night)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where rates overlap, the one over fewer nights wins; over the same nights, one for some weekdays wins over one for every night; then the one added last.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rates of the room type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price a night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;move the selected rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price of each night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A manager sets room rates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. Summer season, Weekend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ddd d MMM yyyy</source>
        <comment>date format (QDateEdit): weekday, day, month, year</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;First to last night:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Weekend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Friday and Saturday nights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only on (none: every night):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Price a night (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add the rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not added yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The next %1 nights from %2, with the rate being added:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The next %1 nights from %2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the room type&apos;s price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate &quot;%1&quot; added: the calendar shows its prices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the rate to remove first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate &quot;%1&quot; removed: its nights are priced by the other rates or the room type again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::RoomRackModel</name>
    <message>
        <source>Dirty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 since %2, by %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of order: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, booking %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Housekeeping</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::RoomRackPanel</name>
    <message>
        <source>&amp;From:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First night shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;tay:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name or booking reference, then Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the stay to give a room</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stay chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Give this room</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chosen booked stay gets the room selected in the rack for all its nights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move &amp;guest here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chosen guest in house sleeps in the selected room from tonight on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room rack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Housekeeping:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dirty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Inspected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of order &amp;nights:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First night out of order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First night back in service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why, e.g. water leak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why the room is out of order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of o&amp;rder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Back in service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>until</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This hotel has no rooms recorded yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in house</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>booked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2, %3, %4 to %5 (%6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No booked stay or guest in house matches “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n stay(s) found: choose one, select a room in the rack, then give it the room or move the guest there.</source>
        <translation>
            <numerusform>%n stay found: choose it, select a room in the rack, then give it the room or move the guest there.</numerusform>
            <numerusform>%n stays found: choose one, select a room in the rack, then give it the room or move the guest there.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server cannot be reached, so no room can be changed until it is back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room %1 is %2&apos;s (%3) for all the stay&apos;s nights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sleeps in room %2 from tonight; the old room is left for housekeeping.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room %1 is %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Room %1 is out of order for %n night(s) from %2; the calendar counts one room fewer.</source>
        <translation>
            <numerusform>Room %1 is out of order for %n night from %2; the calendar counts one room fewer.</numerusform>
            <numerusform>Room %1 is out of order for %n nights from %2; the calendar counts one room fewer.</numerusform>
        </translation>
    </message>
    <message>
        <source>Room %1 is back in service and waits for housekeeping.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::SeatMapLegend</name>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat map legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the colours and marks on the seat map mean.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a thick pink outline round the seat</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::SeatMapScene</name>
    <message>
        <source>%1, row %2, seat %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1:%2 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STAGE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selected</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::SeatMapView</name>
    <message>
        <source>Seat map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrow keys move between seats, Space selects a seat, Enter holds or releases it, plus and minus zoom.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::SignInDialog</name>
    <message>
        <source>Box office: sign in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h2&gt;Box office&lt;/h2&gt;Sign in with your staff login.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sign in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type your user name and password.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::StaffSwitch</name>
    <message>
        <source>Box office: sign in at %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::StayCancelDialog</name>
    <message>
        <source>Cancel stay %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, %2, %3 to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing has been paid for this stay yet, so nothing is refunded. Cancelling gives its nights back for sale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guest has paid %1 for this stay. Only a manager can cancel a paid stay: they decide whether the guest gets everything back or a cancellation fee is kept. Please ask a manager to sign in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guest has paid %1 for this stay. The refund %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel the &amp;stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keep the stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refund everything (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep a cancellation &amp;fee and refund the rest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. guest fell ill; late cancellation, 24-hour policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fee &amp;kept:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rea&amp;son:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A fee is an amount up to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund %1 · fee kept %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d MMM yyyy</source>
        <comment>date format (QLocale): day, month, year</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::StaySearchModel</name>
    <message>
        <source>Held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Walked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Released</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n night(s)</source>
        <translation>
            <numerusform>%n night</numerusform>
            <numerusform>%n nights</numerusform>
        </translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No-show</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>boxoffice::TillPanel</name>
    <message>
        <source>Not connected to the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking the server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till: waiting for the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening float</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till currency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open till</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Float:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card payments by card terminal reference:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Handed back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card payments by terminal reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash counted in the drawer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optional, e.g. why the drawer is short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash &amp;counted:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lose till</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close your till with the cash counted; a manager countersigns it afterwards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closed tills waiting for a manager&apos;s countersign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clerk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closed tills waiting for a countersign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Show report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counter&amp;sign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Day report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Day of the report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Day:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Voids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tills open/closed/signed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outside a till</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Day report by clerk and terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the server. Wait for the connection, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the float you start with (the cash in the drawer now).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till opened with a float of %1. Sales at this terminal are counted in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You have no open till at this terminal to close.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count the cash in the drawer and type the amount, then close.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till closed: the cash balances. A manager countersigns it next.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till closed: %1 short. A manager countersigns it next.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till closed: %1 over. A manager countersigns it next.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a closed till to countersign.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Countersigned the till of %1 at %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You have no till open at this terminal. Open one with the cash in the drawer as its float; money taken without one is reported apart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till %1 — %2 at %3, open since %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till %1 — %2 at %3, %4 to %5, closed; waiting for a countersign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till %1 — %2 at %3, %4 to %5, countersigned by %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash tendered (1 sale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash tendered (%1 sales)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash handed back, voids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash handed back, refunds of earlier sales</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash expected in the drawer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference: balances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference: short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference: over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card sales (1 payment)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card sales (%1 payments)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card handed back, voids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card handed back, refunds of earlier sales</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Voids (returned in this shift)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunds (of earlier sales)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payments in another currency, not in these sums</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clerk&apos;s note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manager&apos;s note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 / %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no terminal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Online (payment provider)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No money moved on %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
