//! The built-in demo servers: a spreadsheet, a CRM and a mailer, each a
//! real MCP server over stdio (`sluice demo-server NAME`), holding
//! realistic fake records full of personal data.
//!
//! The records are generated from a fixed seed: given names and surnames
//! from the public-domain lists in `data/lexicon/` (SSA, US Census),
//! fictional phone numbers (the North American 555-01xx range, the UK's
//! drama range 020 7946 0xxx) and company domains. They are fake, and the
//! same on every run.
//!
//! With `SLUICE_DEMO_JOURNAL=DIR`, every tool call a server receives is
//! appended to `DIR/<server>.jsonl`: what the server saw, for `sluice demo`
//! and the tests to compare with what the model saw.

pub mod scenario;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CompleteRequestParams, CompleteResult,
    ContentBlock, ErrorData, GetPromptRequestParams, GetPromptResponse, ListPromptsResult,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ServerConfig, SubscribeRequestParams,
    UnsubscribeRequestParams,
};
use rmcp::service::RequestContext;
use rmcp::{Peer, RoleServer, ServerHandler};
use serde_json::{Value, json};

use crate::pii::lexicon::word_info;

/// Which demo server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Spreadsheet,
    Crm,
    Mailer,
}

impl Kind {
    pub fn parse(name: &str) -> Option<Kind> {
        match name {
            "spreadsheet" => Some(Kind::Spreadsheet),
            "crm" => Some(Kind::Crm),
            "mailer" => Some(Kind::Mailer),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Spreadsheet => "spreadsheet",
            Kind::Crm => "crm",
            Kind::Mailer => "mailer",
        }
    }
}

// ---- fake data ----------------------------------------------------------------

/// xorshift64*: a small deterministic generator (fixed seed, same data every run).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn title_case(w: &str) -> String {
    let mut c = w.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Names from the public-domain lists that are not also ordinary words.
fn name_pool() -> (Vec<String>, Vec<String>) {
    let given = include_str!("../../data/lexicon/given.tsv")
        .lines()
        .filter_map(|l| l.split_once('\t').map(|(w, _)| w))
        .filter(|w| w.len() > 2 && word_info(w).strong_given())
        .take(400)
        .map(title_case)
        .collect();
    let surnames = include_str!("../../data/lexicon/surnames.tsv")
        .lines()
        .filter_map(|l| l.split_once('\t').map(|(w, _)| w))
        .filter(|w| {
            w.len() > 2 && !word_info(w).common && !word_info(w).blocked && word_info(w).given == 0
        })
        .take(800)
        .map(title_case)
        .collect();
    (given, surnames)
}

const COMPANIES: &[(&str, &str)] = &[
    ("Northwind Traders", "northwind-traders.com"),
    ("Contoso", "contoso.com"),
    ("Fabrikam", "fabrikam.com"),
    ("Tailspin Toys", "tailspintoys.com"),
    ("Wide World Importers", "wideworldimporters.com"),
    ("Adventure Works", "adventure-works.com"),
    ("Litware", "litwareinc.com"),
    ("Proseware", "proseware.com"),
    ("Woodgrove Bank", "woodgrovebank.com"),
    ("Lucerne Publishing", "lucernepublishing.com"),
];

const CITIES: &[&str] = &[
    "Lisbon",
    "Denver",
    "Toronto",
    "Manchester",
    "Austin",
    "Seattle",
    "Dublin",
    "Chicago",
    "Boston",
    "Leeds",
];

const STATUSES: &[&str] = &["new", "contacted", "qualified", "nurture", "lost"];

#[derive(Clone, Debug)]
struct Person {
    first: String,
    last: String,
    email: String,
    phone: String,
    company: String,
    city: String,
}

fn phone(rng: &mut Rng) -> String {
    let n = 100 + rng.below(100);
    match rng.below(5) {
        0 => format!("(415) 555-0{n}"),
        1 => format!("212.555.0{n}"),
        2 => format!("+1 503 555 0{n}"),
        3 => format!("+44 20 7946 0{n}"),
        _ => format!("617-555-0{n}"),
    }
}

fn people(seed: u64, count: usize) -> Vec<Person> {
    let (given, surnames) = name_pool();
    let mut rng = Rng(seed);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let first = rng.pick(&given).clone();
        let last = rng.pick(&surnames).clone();
        let (company, domain) = *rng.pick(COMPANIES);
        let local = match rng.below(3) {
            0 => format!("{}.{}", first.to_lowercase(), last.to_lowercase()),
            1 => format!("{}{}", &first[..1].to_lowercase(), last.to_lowercase()),
            _ => format!("{}_{}", first.to_lowercase(), last.to_lowercase()),
        };
        let mut email = format!("{local}@{domain}");
        let mut k = 2;
        while !seen.insert(email.clone()) {
            email = format!("{local}{k}@{domain}");
            k += 1;
        }
        out.push(Person {
            phone: phone(&mut rng),
            city: rng.pick(CITIES).to_string(),
            company: company.to_string(),
            first,
            last,
            email,
        });
    }
    out
}

/// The sheets of the spreadsheet server: `leads` (10,000 rows) and `customers`.
fn sheets() -> BTreeMap<String, (Vec<String>, Vec<Vec<Value>>)> {
    let mut rng = Rng(0x5eed_1ead);
    let leads = people(0x1ead_5eed, 10_000)
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            vec![
                json!(format!("L-{:05}", i + 1)),
                json!(format!("{} {}", p.first, p.last)),
                json!(p.email),
                json!(p.phone),
                json!(p.company),
                json!(p.city),
                json!(*rng.pick(STATUSES)),
                json!(rng.below(100)),
            ]
        })
        .collect();
    let customers = people(0xc057_0e45, 300)
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            vec![
                json!(format!("CU-{:04}", i + 1)),
                json!(format!("{} {}", p.first, p.last)),
                json!(p.email),
                json!(p.phone),
                json!(*rng.pick(&["starter", "team", "enterprise"])),
                json!(format!(
                    "20{:02}-{:02}-01",
                    18 + rng.below(8),
                    1 + rng.below(12)
                )),
            ]
        })
        .collect();
    let materials = [
        "oak", "steel", "linen", "cedar", "copper", "wool", "glass", "bamboo",
    ];
    let items = [
        "desk lamp",
        "water bottle",
        "notebook",
        "chair",
        "kettle",
        "backpack",
        "mug",
        "shelf",
    ];
    let products: Vec<Vec<Value>> = (0..2_000)
        .map(|i| {
            vec![
                json!(format!("SKU-{:05}", 10_000 + i)),
                json!(format!("{} {}", rng.pick(&materials), rng.pick(&items))),
                json!(*rng.pick(&["home", "office", "outdoor"])),
                json!((500 + rng.below(20_000)) as f64 / 100.0),
                json!(rng.below(500)),
            ]
        })
        .collect();
    let cols = |c: &[&str]| c.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    BTreeMap::from([
        (
            "leads".to_string(),
            (
                cols(&[
                    "id", "name", "email", "phone", "company", "city", "status", "score",
                ]),
                leads,
            ),
        ),
        (
            "customers".to_string(),
            (
                cols(&["id", "name", "email", "phone", "plan", "since"]),
                customers,
            ),
        ),
        (
            "products".to_string(),
            (
                cols(&["sku", "product", "category", "price", "stock"]),
                products,
            ),
        ),
    ])
}

fn contacts() -> Vec<Value> {
    let mut rng = Rng(0xc0ffee);
    let owners = people(0x0e4e, 6);
    people(0xc4a7, 200)
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let owner = rng.pick(&owners);
            let notes = match rng.below(3) {
                0 => format!(
                    "Met {} at the {} expo; asked for a call with {} {} before Friday.",
                    p.first, p.city, owner.first, owner.last
                ),
                1 => format!(
                    "{} prefers email. Renewal due 2027-0{}-15, order ORD-2026-{:04}.",
                    p.first,
                    1 + rng.below(9),
                    rng.below(10_000)
                ),
                _ => format!(
                    "Spoke with {} {} on the phone; send pricing to {}.",
                    p.first, p.last, p.email
                ),
            };
            json!({
                "id": format!("C-{}", 1001 + i),
                "first_name": p.first,
                "last_name": p.last,
                "email": p.email,
                "phone": p.phone,
                "company": p.company,
                "owner": format!("{} {}", owner.first, owner.last),
                "status": "active",
                "notes": notes,
            })
        })
        .collect()
}

// ---- the servers ----------------------------------------------------------------

struct State {
    sheets: BTreeMap<String, (Vec<String>, Vec<Vec<Value>>)>,
    contacts: Vec<Value>,
    outbox: Vec<Value>,
    subscriptions: std::collections::BTreeSet<String>,
    journal: Option<std::fs::File>,
}

/// One demo server.
#[derive(Clone)]
pub struct DemoServer {
    kind: Kind,
    state: Arc<Mutex<State>>,
}

impl DemoServer {
    pub fn new(kind: Kind) -> DemoServer {
        let journal = std::env::var_os("SLUICE_DEMO_JOURNAL").and_then(|d| {
            let dir = PathBuf::from(d);
            let _ = std::fs::create_dir_all(&dir);
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(dir.join(format!("{}.jsonl", kind.name())))
                .ok()
        });
        DemoServer {
            kind,
            state: Arc::new(Mutex::new(State {
                sheets: if kind == Kind::Spreadsheet {
                    sheets()
                } else {
                    BTreeMap::new()
                },
                contacts: if kind == Kind::Crm {
                    contacts()
                } else {
                    Vec::new()
                },
                outbox: Vec::new(),
                subscriptions: Default::default(),
                journal,
            })),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn tools(&self) -> Value {
        match self.kind {
            Kind::Spreadsheet => json!([
                {"name": "list_sheets", "description": "List the sheets with their columns and row counts.",
                 "inputSchema": {"type": "object", "properties": {}}},
                {"name": "read_sheet", "description": "Read rows of a sheet. Returns the columns and the rows (arrays of cells).",
                 "inputSchema": {"type": "object", "properties": {
                    "sheet": {"type": "string", "description": "Sheet name, e.g. leads"},
                    "offset": {"type": "integer", "minimum": 0, "description": "First row (0-based)"},
                    "limit": {"type": "integer", "minimum": 1, "maximum": 10000, "description": "Rows to return (default 100)"}},
                  "required": ["sheet"]}},
                {"name": "find_rows", "description": "Rows whose column contains a text (case-insensitive).",
                 "inputSchema": {"type": "object", "properties": {
                    "sheet": {"type": "string"}, "column": {"type": "string"}, "contains": {"type": "string"},
                    "limit": {"type": "integer", "minimum": 1}},
                  "required": ["sheet", "column", "contains"]}},
                {"name": "append_row", "description": "Append a row; `row` maps column names to values.",
                 "inputSchema": {"type": "object", "properties": {
                    "sheet": {"type": "string"}, "row": {"type": "object"}}, "required": ["sheet", "row"]}}
            ]),
            Kind::Crm => json!([
                {"name": "search_contacts", "description": "Search contacts by name, email, company or notes.",
                 "inputSchema": {"type": "object", "properties": {
                    "query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1}}, "required": ["query"]}},
                {"name": "get_contact", "description": "One contact by id (C-1001...).",
                 "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}},
                {"name": "list_contacts", "description": "Contacts, paged.",
                 "inputSchema": {"type": "object", "properties": {
                    "offset": {"type": "integer", "minimum": 0}, "limit": {"type": "integer", "minimum": 1}}}},
                {"name": "upsert_contact", "description": "Create a contact, or update the one with this email.",
                 "inputSchema": {"type": "object", "properties": {
                    "email": {"type": "string", "format": "email"}, "name": {"type": "string"},
                    "phone": {"type": "string"}, "company": {"type": "string"}, "notes": {"type": "string"},
                    "status": {"type": "string"}}, "required": ["email"]},
                 "outputSchema": {"type": "object", "properties": {
                    "id": {"type": "string"}, "created": {"type": "boolean"},
                    "contact": {"type": "object"}}, "required": ["id", "created"]}},
                {"name": "update_contact", "description": "Change fields of a contact by id.",
                 "inputSchema": {"type": "object", "properties": {
                    "id": {"type": "string"}, "email": {"type": "string"}, "phone": {"type": "string"},
                    "first_name": {"type": "string"}, "last_name": {"type": "string"},
                    "company": {"type": "string"}, "notes": {"type": "string"}, "status": {"type": "string"}},
                  "required": ["id"]}}
            ]),
            Kind::Mailer => json!([
                {"name": "send_email", "description": "Send an email. Returns the message id.",
                 "inputSchema": {"type": "object", "properties": {
                    "to": {"type": "string", "description": "Recipient address"},
                    "cc": {"type": "array", "items": {"type": "string"}},
                    "subject": {"type": "string"}, "body": {"type": "string"}},
                  "required": ["to", "subject", "body"]}},
                {"name": "list_outbox", "description": "Messages sent so far.",
                 "inputSchema": {"type": "object", "properties": {}}}
            ]),
        }
    }

    fn journal(&self, tool: &str, args: &Value) {
        let mut st = self.state();
        if let Some(f) = st.journal.as_mut() {
            let line = json!({"server": self.kind.name(), "tool": tool, "arguments": args});
            let _ = writeln!(f, "{line}");
            let _ = f.flush();
        }
    }

    fn run(&self, tool: &str, a: &Value) -> Result<Value, String> {
        let s = |k: &str| a.get(k).and_then(Value::as_str).map(str::to_string);
        let n = |k: &str, d: u64| a.get(k).and_then(Value::as_u64).unwrap_or(d) as usize;
        let mut st = self.state();
        match (self.kind, tool) {
            (Kind::Spreadsheet, "list_sheets") => {
                Ok(json!({"sheets": st.sheets.iter().map(|(k, (c, r))| json!({
                "name": k, "columns": c, "rows": r.len()})).collect::<Vec<_>>()}))
            }
            (Kind::Spreadsheet, "read_sheet") => {
                let name = s("sheet").ok_or("`sheet` is required")?;
                let (cols, rows) = st
                    .sheets
                    .get(&name)
                    .ok_or_else(|| format!("no sheet named {name}"))?;
                let offset = n("offset", 0).min(rows.len());
                let limit = n("limit", 100).clamp(1, 10_000);
                let end = (offset + limit).min(rows.len());
                Ok(
                    json!({"sheet": name, "columns": cols, "rows": rows[offset..end], "offset": offset,
                    "total": rows.len(), "next_offset": (end < rows.len()).then_some(end)}),
                )
            }
            (Kind::Spreadsheet, "find_rows") => {
                let name = s("sheet").ok_or("`sheet` is required")?;
                let col = s("column").ok_or("`column` is required")?;
                let needle = s("contains")
                    .ok_or("`contains` is required")?
                    .to_lowercase();
                let (cols, rows) = st
                    .sheets
                    .get(&name)
                    .ok_or_else(|| format!("no sheet named {name}"))?;
                let i = cols
                    .iter()
                    .position(|c| *c == col)
                    .ok_or_else(|| format!("no column named {col}"))?;
                let found: Vec<&Vec<Value>> = rows
                    .iter()
                    .filter(|r| r[i].to_string().to_lowercase().contains(&needle))
                    .take(n("limit", 100))
                    .collect();
                Ok(json!({"sheet": name, "columns": cols, "rows": found}))
            }
            (Kind::Spreadsheet, "append_row") => {
                let name = s("sheet").ok_or("`sheet` is required")?;
                let row = a
                    .get("row")
                    .and_then(Value::as_object)
                    .ok_or("`row` must be an object")?;
                let (cols, rows) = st
                    .sheets
                    .get_mut(&name)
                    .ok_or_else(|| format!("no sheet named {name}"))?;
                let cells = cols
                    .iter()
                    .map(|c| row.get(c).cloned().unwrap_or(Value::Null))
                    .collect();
                rows.push(cells);
                Ok(json!({"sheet": name, "row_number": rows.len()}))
            }
            (Kind::Crm, "search_contacts") => {
                let q = s("query").ok_or("`query` is required")?.to_lowercase();
                let found: Vec<&Value> = st
                    .contacts
                    .iter()
                    .filter(|c| c.to_string().to_lowercase().contains(&q))
                    .take(n("limit", 20))
                    .collect();
                Ok(json!({"contacts": found, "total": found.len()}))
            }
            (Kind::Crm, "get_contact") => {
                let id = s("id").ok_or("`id` is required")?;
                st.contacts
                    .iter()
                    .find(|c| c["id"] == id.as_str())
                    .cloned()
                    .ok_or_else(|| format!("no contact {id}"))
            }
            (Kind::Crm, "list_contacts") => {
                let offset = n("offset", 0).min(st.contacts.len());
                let end = (offset + n("limit", 20)).min(st.contacts.len());
                Ok(json!({"contacts": st.contacts[offset..end], "total": st.contacts.len()}))
            }
            (Kind::Crm, "upsert_contact") => {
                let email = s("email").ok_or("`email` is required")?;
                if !email.contains('@') {
                    return Err(format!(
                        "`email` is not an address ({} characters, no @)",
                        email.chars().count()
                    ));
                }
                let (first, last) = s("name")
                    .map(|n| match n.split_once(' ') {
                        Some((f, l)) => (f.to_string(), l.to_string()),
                        None => (n, String::new()),
                    })
                    .unwrap_or_default();
                let pos = st
                    .contacts
                    .iter()
                    .position(|c| c["email"] == email.as_str());
                let created = pos.is_none();
                let idx = match pos {
                    Some(i) => i,
                    None => {
                        let id = format!("C-{}", 1001 + st.contacts.len());
                        st.contacts
                            .push(json!({"id": id, "email": email, "status": "lead"}));
                        st.contacts.len() - 1
                    }
                };
                let c = &mut st.contacts[idx];
                if !first.is_empty() {
                    c["first_name"] = json!(first);
                    c["last_name"] = json!(last);
                }
                for k in ["phone", "company", "notes", "status"] {
                    if let Some(v) = s(k) {
                        c[k] = json!(v);
                    }
                }
                Ok(json!({"id": c["id"], "created": created, "contact": c}))
            }
            (Kind::Crm, "update_contact") => {
                let id = s("id").ok_or("`id` is required")?;
                let c = st
                    .contacts
                    .iter_mut()
                    .find(|c| c["id"] == id.as_str())
                    .ok_or_else(|| format!("no contact {id}"))?;
                for k in [
                    "email",
                    "phone",
                    "first_name",
                    "last_name",
                    "company",
                    "notes",
                    "status",
                ] {
                    if let Some(v) = a.get(k).and_then(Value::as_str) {
                        c[k] = json!(v);
                    }
                }
                Ok(c.clone())
            }
            (Kind::Mailer, "send_email") => {
                let to = s("to").ok_or("`to` is required")?;
                if !to.contains('@') {
                    return Err("`to` is not an email address".into());
                }
                let id = format!("M-{}", 1 + st.outbox.len());
                st.outbox.push(json!({"id": id, "to": to, "cc": a.get("cc"), "subject": s("subject"), "body": s("body")}));
                Ok(json!({"id": id, "status": "sent", "to": to}))
            }
            (Kind::Mailer, "list_outbox") => Ok(json!({"messages": st.outbox})),
            _ => Err(format!("unknown tool {tool}")),
        }
    }

    fn contact_resource(c: &Value) -> Value {
        json!({"uri": format!("crm://contacts/{}", c["id"].as_str().unwrap_or("")),
               "name": format!("{} {}", c["first_name"].as_str().unwrap_or(""), c["last_name"].as_str().unwrap_or("")),
               "mimeType": "application/json"})
    }

    async fn notify(peer: &Peer<RoleServer>, method: &str, params: Value) {
        if let Ok(n) = serde_json::from_value::<rmcp::model::ServerNotification>(
            json!({"method": method, "params": params}),
        ) {
            let _ = peer.send_notification(n).await;
        }
    }
}

fn from_json<T: serde::de::DeserializeOwned + Default>(v: Value) -> T {
    serde_json::from_value(v).unwrap_or_default()
}

impl ServerHandler for DemoServer {
    fn get_info(&self) -> ServerConfig {
        let mut caps = json!({"tools": {}});
        match self.kind {
            Kind::Spreadsheet => caps["resources"] = json!({}),
            Kind::Crm => {
                caps["resources"] = json!({"subscribe": true});
                caps["prompts"] = json!({});
                caps["completions"] = json!({});
            }
            Kind::Mailer => caps["logging"] = json!({}),
        }
        from_json(json!({
            "protocolVersion": rmcp::model::ProtocolVersion::LATEST_WITH_INITIALIZE,
            "capabilities": caps,
            "serverInfo": {"name": format!("sluice-demo-{}", self.kind.name()), "version": env!("CARGO_PKG_VERSION")},
            "instructions": format!("Demo {} with fake data.", self.kind.name()),
        }))
    }

    async fn list_tools(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(from_json(json!({"tools": self.tools()})))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let args = Value::Object(request.arguments.clone().unwrap_or_default());
        self.journal(&request.name, &args);
        if !self
            .tools()
            .as_array()
            .is_some_and(|t| t.iter().any(|t| t["name"] == request.name.as_ref()))
        {
            return Err(ErrorData::invalid_params(
                format!("unknown tool {}", request.name),
                None,
            ));
        }
        if self.kind == Kind::Mailer && request.name == "send_email" {
            if let Some(token) = ctx.meta.get_progress_token() {
                for (i, step) in ["queued", "signed", "delivered"].iter().enumerate() {
                    Self::notify(&ctx.peer, "notifications/progress", json!({
                        "progressToken": token, "progress": i + 1, "total": 3,
                        "message": format!("{step}: message for {}", args["to"].as_str().unwrap_or("?")),
                    })).await;
                }
            }
            Self::notify(
                &ctx.peer,
                "notifications/message",
                json!({
                    "level": "info", "logger": "outbox",
                    "data": {"event": "sent", "to": args["to"], "subject": args["subject"]},
                }),
            )
            .await;
        }
        let updated = (self.kind == Kind::Crm
            && matches!(request.name.as_ref(), "update_contact" | "upsert_contact"))
        .then(|| args["id"].as_str().map(str::to_string))
        .flatten();
        let result = match self.run(&request.name, &args) {
            Ok(v) => {
                let text = serde_json::to_string_pretty(&v).unwrap_or_default();
                let mut r = CallToolResult::success(vec![ContentBlock::text(text)]);
                r.structured_content = Some(v);
                r
            }
            Err(e) => CallToolResult::error(vec![ContentBlock::text(e)]),
        };
        if let Some(id) = updated {
            let uri = format!("crm://contacts/{id}");
            let subscribed = self.state().subscriptions.contains(&uri);
            if subscribed {
                Self::notify(
                    &ctx.peer,
                    "notifications/resources/updated",
                    json!({"uri": uri}),
                )
                .await;
            }
        }
        Ok(CallToolResponse::Complete(result))
    }

    async fn list_resources(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let st = self.state();
        let resources: Vec<Value> = match self.kind {
            Kind::Spreadsheet => st.sheets.keys().map(|k| json!({"uri": format!("sheet://{k}"), "name": format!("{k} sheet"), "mimeType": "text/csv"})).collect(),
            Kind::Crm => st.contacts.iter().take(10).map(Self::contact_resource).collect(),
            Kind::Mailer => Vec::new(),
        };
        Ok(from_json(json!({"resources": resources})))
    }

    async fn list_resource_templates(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let t = match self.kind {
            Kind::Crm => {
                json!([{"uriTemplate": "crm://contacts/{id}", "name": "contact", "mimeType": "application/json"}])
            }
            Kind::Spreadsheet => {
                json!([{"uriTemplate": "sheet://{name}", "name": "sheet as CSV", "mimeType": "text/csv"}])
            }
            Kind::Mailer => json!([]),
        };
        Ok(from_json(json!({"resourceTemplates": t})))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let uri = request.uri.clone();
        self.journal("resources/read", &json!({"uri": uri}));
        let st = self.state();
        let text = if let Some(id) = uri.strip_prefix("crm://contacts/") {
            st.contacts
                .iter()
                .find(|c| c["id"] == id)
                .map(|c| serde_json::to_string_pretty(c).unwrap_or_default())
        } else if let Some(name) = uri.strip_prefix("sheet://") {
            st.sheets.get(name).map(|(cols, rows)| {
                let mut csv = cols.join(",");
                for r in rows.iter().take(50) {
                    csv.push('\n');
                    csv.push_str(
                        &r.iter()
                            .map(|c| c.as_str().map_or_else(|| c.to_string(), str::to_string))
                            .collect::<Vec<_>>()
                            .join(","),
                    );
                }
                csv
            })
        } else {
            None
        };
        match text {
            Some(t) => serde_json::from_value(
                json!({"contents": [{"uri": uri, "mimeType": "text/plain", "text": t}]}),
            )
            .map(ReadResourceResponse::Complete)
            .map_err(|_| ErrorData::internal_error("cannot encode the resource", None)),
            None => Err(ErrorData::resource_not_found(
                format!("no resource {uri}"),
                None,
            )),
        }
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.state().subscriptions.insert(request.uri);
        Ok(())
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.state().subscriptions.remove(&request.uri);
        Ok(())
    }

    async fn list_prompts(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let p = match self.kind {
            Kind::Crm => {
                json!([{"name": "follow_up", "description": "Draft a follow-up email to a contact.",
                "arguments": [{"name": "contact_id", "description": "C-1001...", "required": true},
                              {"name": "tone", "description": "friendly or formal"}]}])
            }
            _ => json!([]),
        };
        Ok(from_json(json!({"prompts": p})))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let args = request.arguments.clone().unwrap_or_default();
        self.journal(
            "prompts/get",
            &json!({"name": request.name, "arguments": args}),
        );
        let id = args.get("contact_id").and_then(Value::as_str).unwrap_or("");
        let st = self.state();
        let Some(c) = st.contacts.iter().find(|c| c["id"] == id) else {
            return Err(ErrorData::invalid_params(format!("no contact {id}"), None));
        };
        let tone = args
            .get("tone")
            .and_then(Value::as_str)
            .unwrap_or("friendly");
        let text = format!(
            "Write a {tone} follow-up email to {} {} <{}> at {} about their renewal. Their phone is {}.",
            c["first_name"].as_str().unwrap_or(""),
            c["last_name"].as_str().unwrap_or(""),
            c["email"].as_str().unwrap_or(""),
            c["company"].as_str().unwrap_or(""),
            c["phone"].as_str().unwrap_or("")
        );
        Ok(GetPromptResponse::Complete(from_json(json!({
            "description": "Follow-up email",
            "messages": [{"role": "user", "content": {"type": "text", "text": text}}]
        }))))
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let v = serde_json::to_value(&request).unwrap_or_default();
        let prefix = v["argument"]["value"].as_str().unwrap_or("").to_lowercase();
        let st = self.state();
        let values: Vec<String> = match v["argument"]["name"].as_str() {
            Some("contact_id") | Some("id") => st
                .contacts
                .iter()
                .filter_map(|c| c["id"].as_str())
                .filter(|i| i.to_lowercase().starts_with(&prefix))
                .take(10)
                .map(str::to_string)
                .collect(),
            Some("tone") => ["friendly", "formal"]
                .iter()
                .filter(|t| t.starts_with(&prefix))
                .map(|s| s.to_string())
                .collect(),
            _ => Vec::new(),
        };
        Ok(from_json(
            json!({"completion": {"values": values, "total": values.len(), "hasMore": false}}),
        ))
    }
}

/// Runs a demo server over stdin/stdout.
pub async fn serve_stdio(kind: Kind) -> std::io::Result<()> {
    use rmcp::ServiceExt;
    let crate::stdio::Stdio {
        reader,
        writer,
        guard,
    } = crate::stdio::Stdio::open();
    let running = DemoServer::new(kind)
        .serve((reader, writer))
        .await
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    let _ = running.waiting().await;
    drop(guard);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_is_fixed_and_plentiful() {
        let a = sheets();
        let b = sheets();
        assert_eq!(a["leads"].1.len(), 10_000);
        assert_eq!(a["leads"].1[1234], b["leads"].1[1234]);
        let emails: std::collections::HashSet<String> = a["leads"]
            .1
            .iter()
            .map(|r| r[2].as_str().unwrap().to_string())
            .collect();
        assert_eq!(emails.len(), 10_000);
        assert_eq!(contacts().len(), 200);
    }
}
