# The mail sink tst_maildelivery sends to: Debian's aiosmtpd keeping every message it accepts in a
# Maildir, and refusing for good (550) any recipient at nobody@, as a relay refuses an unknown mailbox.
#   /usr/bin/python3 -m aiosmtpd -n -l 127.0.0.1:PORT -c smtpsink.Sink MAILDIR
from aiosmtpd.handlers import Mailbox


class Sink(Mailbox):
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower().startswith('nobody@'):
            return '550 5.1.1 No such mailbox here'
        envelope.rcpt_tos.append(address)
        return '250 OK'
