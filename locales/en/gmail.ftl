# Gmail: search, read back, send and draft. Every id here must also exist in locales/he.

gmail-none = I found no emails matching that.
gmail-latest =
    { $count ->
        [one] The matching email:
       *[other] The latest of { $count } matching emails:
    }
    From: { $from }
    Subject: { $subject }
    Received: { $date }

    { $body }
    { $others }
gmail-need-body = What should the email say? Tell me the whole request again, e.g. "email Dana that I'm running late".
gmail-need-recipient = Who should the email go to? Give me a name from your mail or an address.
gmail-unknown-recipient = I couldn't find "{ $name }" in your recent emails. Tell me the address, e.g. "email dana@example.com that …".
gmail-which-recipient =
    Which { $name } did you mean?
    { $options }
gmail-confirm-send =
    Send this email?
    To: { $to }
    Subject: { $subject }

    { $body }
gmail-sent = Sent to { $to }: "{ $subject }".
gmail-drafted = Saved a draft to { $to }: "{ $subject }". It is in your Gmail drafts, not sent.
gmail-not-linked = To use Gmail, connect your Google account first.
