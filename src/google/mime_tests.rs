use super::*;

fn leaf(mime_type: &str, headers: &[(&str, &str)], data: &[u8]) -> Part {
    Part {
        mime_type: mime_type.into(),
        headers: headers.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect(),
        data: Some(data.to_vec()),
        filename: String::new(),
        parts: Vec::new(),
    }
}

fn multipart(mime_type: &str, parts: Vec<Part>) -> Part {
    Part { mime_type: mime_type.into(), parts, ..Default::default() }
}

/// "שלום עולם" in windows-1255 (and iso-8859-8, which agree on the letters).
const SHALOM_1255: &[u8] = &[0xF9, 0xEC, 0xE5, 0xED, 0x20, 0xF2, 0xE5, 0xEC, 0xED];

#[test]
fn a_windows_1255_hebrew_body_is_decoded_by_its_charset() {
    let part = leaf("text/plain", &[("Content-Type", "text/plain; charset=\"windows-1255\"")], SHALOM_1255);
    assert_eq!(body_text(&part).as_deref(), Some("שלום עולם"));
}

#[test]
fn iso_8859_8_i_is_read_as_iso_8859_8() {
    let part = leaf("text/plain", &[("Content-Type", "text/plain; charset=ISO-8859-8-I")], SHALOM_1255);
    assert_eq!(body_text(&part).as_deref(), Some("שלום עולם"));
}

#[test]
fn utf8_bytes_stay_utf8_whatever_charset_the_part_declares() {
    // Gmail re-encodes to UTF-8 but keeps the original label
    let part = leaf("text/plain", &[("Content-Type", "text/plain; charset=windows-1255")], "שלום עולם".as_bytes());
    assert_eq!(body_text(&part).as_deref(), Some("שלום עולם"));
}

#[test]
fn a_quoted_printable_part_is_decoded_soft_breaks_and_all() {
    let qp = b"=D7=A9=D7=9C=D7=95=D7=9D =\r\nDana, the price is 100=3D100.";
    let part = leaf(
        "text/plain",
        &[("Content-Type", "text/plain; charset=utf-8"), ("Content-Transfer-Encoding", "quoted-printable")],
        qp,
    );
    assert_eq!(body_text(&part).as_deref(), Some("שלום Dana, the price is 100=100."));
}

#[test]
fn a_quoted_printable_windows_1255_part_is_decoded_twice() {
    let part = leaf(
        "text/plain",
        &[("Content-Type", "text/plain; charset=windows-1255"), ("Content-Transfer-Encoding", "quoted-printable")],
        b"=F9=EC=E5=ED",
    );
    assert_eq!(body_text(&part).as_deref(), Some("שלום"));
}

#[test]
fn a_part_still_in_base64_is_decoded() {
    let part = leaf(
        "text/plain",
        &[("Content-Type", "text/plain; charset=windows-1255"), ("Content-Transfer-Encoding", "base64")],
        b"+ezl7SDy5ezt",
    );
    assert_eq!(body_text(&part).as_deref(), Some("שלום עולם"));
}

#[test]
fn the_plain_part_is_found_in_nested_multiparts_and_attachments_are_skipped() {
    let mut attachment = leaf("text/plain", &[], b"not the body");
    attachment.filename = "notes.txt".into();
    let alternative = multipart(
        "multipart/alternative",
        vec![
            leaf("text/html", &[("Content-Type", "text/html; charset=utf-8")], "<p>HTML גוף</p>".as_bytes()),
            leaf("text/plain", &[("Content-Type", "text/plain; charset=utf-8")], "גוף הטקסט".as_bytes()),
        ],
    );
    let root = multipart("multipart/mixed", vec![attachment, alternative]);
    assert_eq!(body_text(&root).as_deref(), Some("גוף הטקסט"));
    assert!(root.has_attachment());
}

#[test]
fn html_alone_is_stripped_to_text() {
    let html = "<html><head><style>p{color:red}</style></head><body><div dir=\"rtl\">שלום,<br>נתראה &amp; נדבר</div><script>x()</script></body></html>";
    let part = leaf("text/html", &[("Content-Type", "text/html; charset=utf-8")], html.as_bytes());
    assert_eq!(body_text(&part).as_deref(), Some("שלום,\nנתראה & נדבר"));
}

#[test]
fn encoded_word_subjects_are_decoded_in_b_and_q_forms() {
    assert_eq!(decode_header("=?utf-8?b?16rXlteb15XXqNeqOiDXpNeS15nXqdeU?="), "תזכורת: פגישה");
    assert_eq!(decode_header("Re: =?windows-1255?Q?=F9=EC=E5=ED_=F2=E5=EC=ED?="), "Re: שלום עולם");
    // adjacent words join without the space between them
    assert_eq!(decode_header("=?UTF-8?B?16nXnA==?= =?UTF-8?B?15XXnQ==?= Dana"), "שלום Dana");
    assert_eq!(decode_header("plain =? not a word"), "plain =? not a word");
}

#[test]
fn base64url_is_read_padded_or_not() {
    assert_eq!(decode_base64url("16nXnNeV150").unwrap(), "שלום".as_bytes());
    assert_eq!(decode_base64url("16nXnNeV150=").unwrap(), "שלום".as_bytes());
    assert_eq!(decode_base64url("PGRpdiBkaXI9InJ0bCI-").unwrap(), b"<div dir=\"rtl\">");
}

#[test]
fn shortening_drops_quoted_replies_and_signatures_and_caps_length() {
    let body = "Sure, Thursday works.\n\nSee you\n-- \nDana Cohen\nCEO\n";
    assert_eq!(shorten(body, 200), "Sure, Thursday works.\n\nSee you");
    let reply = "Yes.\nOn Tue, 10 Mar 2026 at 15:00, Ozer <me@example.com> wrote:\n> Can we meet?";
    assert_eq!(shorten(reply, 200), "Yes.");
    let long = "א".repeat(1000);
    assert_eq!(shorten(&long, 300).chars().count(), 300);
}

#[test]
fn the_corpus_full_message_example_reads_as_its_plain_part() {
    let json = include_str!("../../tests/fixtures/google/gmail_message_get_full_example.json");
    let message: google_gmail1::api::Message = serde_json::from_str(json).unwrap();
    let root = Part::from(message.payload.as_ref().unwrap());
    assert_eq!(root.header("subject"), Some("Re: פגישה"));
    assert_eq!(body_text(&root).as_deref().map(str::trim), Some("שלום, נתראה מחר."));
}

#[test]
fn the_corpus_send_request_raw_is_its_eml_and_its_subject_reads_back_in_hebrew() {
    let request: serde_json::Value =
        serde_json::from_str(include_str!("../../tests/fixtures/google/gmail_send_request.json")).unwrap();
    let raw = decode_base64url(request["raw"].as_str().unwrap()).unwrap();
    let source = String::from_utf8(raw).unwrap();
    let eml = include_str!("../../tests/fixtures/google/gmail_send_message.eml");
    assert_eq!(source.replace("\r\n", "\n"), eml.replace("\r\n", "\n"));
    let subject = source.lines().find_map(|l| l.strip_prefix("Subject: ")).unwrap();
    assert_eq!(decode_header(subject), "תזכורת: פגישה מחר ב-15:00");
}

#[test]
fn the_corpus_list_and_draft_answers_parse_as_the_hub_types() {
    let list: google_gmail1::api::ListMessagesResponse =
        serde_json::from_str(include_str!("../../tests/fixtures/google/gmail_messages_list_response.json")).unwrap();
    assert_eq!(list.messages.unwrap().len(), 2);
    let draft: google_gmail1::api::Draft =
        serde_json::from_str(include_str!("../../tests/fixtures/google/gmail_drafts_create_response.json")).unwrap();
    assert_eq!(draft.id.as_deref(), Some("r-5183921948172635123"));
    let sent: google_gmail1::api::Message =
        serde_json::from_str(include_str!("../../tests/fixtures/google/gmail_send_response.json")).unwrap();
    assert_eq!(sent.label_ids, Some(vec!["SENT".to_string()]));
}
