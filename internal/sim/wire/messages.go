package wire

import "encoding/json"

// Request commands on the master's ret port.
const (
	CmdAuth   = "_auth"
	CmdReturn = "_return"
	CmdPing   = "ping"
	// CmdSyndicReturn is AESFuncs._syndic_return: a syndic forwards its
	// minions' returns (and, in sync mode, its job events) to a master of
	// masters. INFER: Salt sends the events separately (_minion_event); the
	// double batches both in one sealed SyndicForward.
	CmdSyndicReturn = "_syndic_return"
	// CmdMinionEvent carries an event a minion fires to its master
	// (AESFuncs._minion_event); Data is a sealed MinionEvent.
	CmdMinionEvent = "_minion_event"
	// AES-sealed requests of the minion's remote file client and pillar
	// (salt/master.py AESFuncs._pillar, _serve_file, _file_hash); the reply
	// is {"data": <sealed answer>}.
	CmdPillar    = "_pillar"
	CmdServeFile = "_serve_file"
	CmdFileHash  = "_file_hash"
)

// MinionEvent is the _fire_master load; the master fires it (without tok)
// under Tag on its event bus.
type MinionEvent struct {
	ID     string          `json:"id"`
	Cmd    string          `json:"cmd"`
	Pretag any             `json:"pretag"`
	Data   json.RawMessage `json:"data"`
	Tag    string          `json:"tag"`
}

// PillarLoad asks the master to compile the pillar of minion ID.
type PillarLoad struct {
	ID      string `json:"id"`
	Saltenv string `json:"saltenv"`
	// Grains travel with the request; the master keeps them in its minion
	// data cache (minion_data_cache).
	Grains any `json:"grains,omitempty"`
}

// FileLoad names a file server path (salt://...).
type FileLoad struct {
	Path    string `json:"path"`
	Saltenv string `json:"saltenv"`
}

// FileReply answers _serve_file; Found false means the path does not exist.
type FileReply struct {
	Found bool   `json:"found"`
	Data  string `json:"data"`
}

// Request is a frame sent to the ret port. Clear requests (_auth, ping) use
// Load; encrypted ones carry an AES-GCM sealed Data for minion Id.
type Request struct {
	Cmd  string          `json:"cmd"`
	ID   string          `json:"id,omitempty"`
	Load json.RawMessage `json:"load,omitempty"`
	Data []byte          `json:"data,omitempty"`
}

// AuthLoad is the clear sign-in request (salt/crypt.py AsyncAuth.minion_sign_in_payload).
type AuthLoad struct {
	ID    string `json:"id"`
	Pub   string `json:"pub"`
	Nonce string `json:"nonce"`
}

// SignedReply is the master's sign-in reply: Payload (an AuthReply as JSON)
// signed with master.pem, since Salt 3005 signs the whole reply.
type SignedReply struct {
	Payload []byte `json:"payload"`
	Sig     []byte `json:"sig"`
}

// AuthReply is the decoded sign-in answer. Ret is true (pending), false
// (rejected/denied) or "full"; when accepted Ret is absent and the key fields are set.
type AuthReply struct {
	Ret         any    `json:"ret,omitempty"`
	Accepted    bool   `json:"accepted,omitempty"`
	Nonce       string `json:"nonce"`
	PubKey      string `json:"pub_key,omitempty"`
	PublishPort int    `json:"publish_port,omitempty"`
	AES         []byte `json:"aes,omitempty"`
	// PubSig is master_sign's base64 signature of PubKey (master_sign_pubkey).
	PubSig string `json:"pub_sig,omitempty"`
}

// Return is a job return sent by a minion (salt/master.py AESFuncs._return).
type Return struct {
	ID      string          `json:"id"`
	Jid     string          `json:"jid"`
	Fun     string          `json:"fun"`
	FunArgs []any           `json:"fun_args"`
	Return  json.RawMessage `json:"return"`
	Retcode int             `json:"retcode"`
	Success bool            `json:"success"`
	// Minions is set only on the local client stream for an expected-minion
	// event (a syndic's forwarded salt/job/<jid>/new): it has no ID and no
	// return, like Salt's event data with a "minions" key and no "return".
	Minions []string `json:"minions,omitempty"`
}

// SyndicEvent is one forwarded job event of a syndic's master: the minions
// it expects for Jid (salt/job/<jid>/new, forwarded as
// syndic/<syndic_id>/salt/job/<jid>/new).
type SyndicEvent struct {
	Jid     string   `json:"jid"`
	Minions []string `json:"minions"`
}

// SyndicForward is the sealed load of CmdSyndicReturn.
type SyndicForward struct {
	Returns []Return      `json:"returns,omitempty"`
	Events  []SyndicEvent `json:"events,omitempty"`
}

// Publication is a job published to minions.
type Publication struct {
	Jid     string   `json:"jid"`
	Tgt     any      `json:"tgt"`
	TgtType string   `json:"tgt_type"`
	Fun     string   `json:"fun"`
	Arg     []any    `json:"arg"`
	User    string   `json:"user"`
	Minions []string `json:"minions,omitempty"`
	// To and MasterID are added by a master with order_masters
	// (ClearFuncs.publish): the CLI timeout, which each syndic decrements,
	// and the publishing master of masters' master_id.
	To       int    `json:"to,omitempty"`
	MasterID string `json:"master_id,omitempty"`
}

// PubFrame travels on the publish port; Hello is the minion's first frame
// (id + sealed proof) so the master knows who is subscribed.
type PubFrame struct {
	ID   string `json:"id,omitempty"`
	Data []byte `json:"data"`
}

// Local client commands on the master's unix socket (sock_dir/workers.ipc),
// used by the salt and salt-run CLIs in place of Salt's LocalClient IPC.
const (
	LocalPublish   = "publish"
	LocalConnected = "connected"
	// LocalEvents subscribes to the master event bus: the master answers
	// with a LocalReply, then streams events.Event frames until hang-up.
	LocalEvents = "events"
	// LocalFire fires Tag/Data on the master event bus (salt-key, /hook).
	LocalFire = "fire"
)

// LocalRequest asks the local master to publish a job.
type LocalRequest struct {
	Cmd     string `json:"cmd"`
	Tgt     any    `json:"tgt"`
	TgtType string `json:"tgt_type"`
	Fun     string `json:"fun"`
	Arg     []any  `json:"arg"`
	User    string `json:"user"`
	// Jid reuses a given jid (LocalClient.pub's jid argument, as a syndic
	// does when it republishes); empty means generate one.
	Jid string `json:"jid,omitempty"`
	// To is the client's timeout in seconds, carried to syndics.
	To int `json:"to,omitempty"`
	// Tag and Data are LocalFire's event.
	Tag  string          `json:"tag,omitempty"`
	Data json.RawMessage `json:"data,omitempty"`
}

// LocalReply answers a LocalRequest; after it the master streams Return
// frames for Jid on the same connection until the client hangs up.
type LocalReply struct {
	Jid     string   `json:"jid"`
	Minions []string `json:"minions"`
	Error   string   `json:"error,omitempty"`
}
