// A fake P4Runtime switch: enough of the P4Runtime service for ONOS to connect, push its pipeline, write and read
// back its entries, and mark the device available with the pipeline READY; then it streams report packet-ins.
package main

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"

	p4config "github.com/p4lang/p4runtime/go/p4/config/v1"
	p4 "github.com/p4lang/p4runtime/go/p4/v1"
	rpcstatus "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// readChunk is how many entities one ReadResponse carries.
const readChunk = 1000

// device is one switch: its pipeline, its entities and its controller stream.
type device struct {
	p4.UnimplementedP4RuntimeServer
	name string

	mu       sync.Mutex
	config   *p4.ForwardingPipelineConfig
	entities map[string]*p4.Entity // by entityKey
	election *p4.Uint128

	// the stream of the primary controller: packet-ins are sent on it
	streamMu sync.Mutex
	stream   *stream
	writes   atomic.Int64
	outs     atomic.Int64
}

func newDevice(name string) *device {
	return &device{name: name, entities: map[string]*p4.Entity{}}
}

func (d *device) Capabilities(context.Context, *p4.CapabilitiesRequest) (*p4.CapabilitiesResponse, error) {
	return &p4.CapabilitiesResponse{P4RuntimeApiVersion: "1.3.0"}, nil
}

func (d *device) SetForwardingPipelineConfig(_ context.Context, req *p4.SetForwardingPipelineConfigRequest) (*p4.SetForwardingPipelineConfigResponse, error) {
	if req.GetConfig() == nil || req.GetConfig().GetP4Info() == nil {
		return nil, status.Error(codes.InvalidArgument, "no p4info")
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.config = req.GetConfig()
	d.entities = map[string]*p4.Entity{} // a new pipeline starts empty
	return &p4.SetForwardingPipelineConfigResponse{}, nil
}

func (d *device) GetForwardingPipelineConfig(_ context.Context, req *p4.GetForwardingPipelineConfigRequest) (*p4.GetForwardingPipelineConfigResponse, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.config == nil {
		return nil, status.Error(codes.FailedPrecondition, "no forwarding pipeline config set")
	}
	out := &p4.ForwardingPipelineConfig{Cookie: d.config.GetCookie()}
	switch req.GetResponseType() {
	case p4.GetForwardingPipelineConfigRequest_ALL:
		out.P4Info, out.P4DeviceConfig = d.config.GetP4Info(), d.config.GetP4DeviceConfig()
	case p4.GetForwardingPipelineConfigRequest_P4INFO_AND_COOKIE:
		out.P4Info = d.config.GetP4Info()
	case p4.GetForwardingPipelineConfigRequest_DEVICE_CONFIG_AND_COOKIE:
		out.P4DeviceConfig = d.config.GetP4DeviceConfig()
	}
	return &p4.GetForwardingPipelineConfigResponse{Config: out}, nil
}

// entityKey names an entity the way the switch would find it again: table entries by table, match, priority
// (and whether it is the default entry), replication entries by id, action profile members and groups by id.
func entityKey(e *p4.Entity) (string, error) {
	switch x := e.GetEntity().(type) {
	case *p4.Entity_TableEntry:
		t := x.TableEntry
		if t.GetIsDefaultAction() {
			return fmt.Sprintf("t%d/default", t.GetTableId()), nil
		}
		match := append([]*p4.FieldMatch(nil), t.GetMatch()...)
		sort.Slice(match, func(i, j int) bool { return match[i].GetFieldId() < match[j].GetFieldId() })
		key := fmt.Sprintf("t%d/p%d", t.GetTableId(), t.GetPriority())
		for _, m := range match {
			b, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
			if err != nil {
				return "", err
			}
			key += fmt.Sprintf("/%x", b)
		}
		return key, nil
	case *p4.Entity_PacketReplicationEngineEntry:
		switch p := x.PacketReplicationEngineEntry.GetType().(type) {
		case *p4.PacketReplicationEngineEntry_CloneSessionEntry:
			return fmt.Sprintf("clone/%d", p.CloneSessionEntry.GetSessionId()), nil
		case *p4.PacketReplicationEngineEntry_MulticastGroupEntry:
			return fmt.Sprintf("mcast/%d", p.MulticastGroupEntry.GetMulticastGroupId()), nil
		}
	case *p4.Entity_ActionProfileMember:
		return fmt.Sprintf("apm%d/%d", x.ActionProfileMember.GetActionProfileId(), x.ActionProfileMember.GetMemberId()), nil
	case *p4.Entity_ActionProfileGroup:
		return fmt.Sprintf("apg%d/%d", x.ActionProfileGroup.GetActionProfileId(), x.ActionProfileGroup.GetGroupId()), nil
	}
	return "", status.Errorf(codes.Unimplemented, "writes of %T are not supported", e.GetEntity())
}

func (d *device) Write(_ context.Context, req *p4.WriteRequest) (*p4.WriteResponse, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.config == nil {
		return nil, status.Error(codes.FailedPrecondition, "no forwarding pipeline config set")
	}
	for _, u := range req.GetUpdates() {
		key, err := entityKey(u.GetEntity())
		if err != nil {
			return nil, err
		}
		switch u.GetType() {
		case p4.Update_INSERT, p4.Update_MODIFY:
			d.entities[key] = proto.Clone(u.GetEntity()).(*p4.Entity)
		case p4.Update_DELETE:
			delete(d.entities, key)
		}
	}
	d.writes.Add(int64(len(req.GetUpdates())))
	return &p4.WriteResponse{}, nil
}

func (d *device) Read(req *p4.ReadRequest, srv p4.P4Runtime_ReadServer) error {
	d.mu.Lock()
	var out []*p4.Entity
	for _, want := range req.GetEntities() {
		out = append(out, d.matching(want)...)
	}
	d.mu.Unlock()
	for start := 0; start < len(out) || start == 0; start += readChunk {
		end := start + readChunk
		if end > len(out) {
			end = len(out)
		}
		if err := srv.Send(&p4.ReadResponse{Entities: out[start:end]}); err != nil {
			return err
		}
	}
	return nil
}

// matching answers one entity of a read request (d.mu held): stored entries, and zero-valued counters.
func (d *device) matching(want *p4.Entity) []*p4.Entity {
	var out []*p4.Entity
	switch x := want.GetEntity().(type) {
	case *p4.Entity_TableEntry:
		w := x.TableEntry
		for _, e := range d.sortedEntities() {
			t := e.GetTableEntry()
			if t == nil || (w.GetTableId() != 0 && t.GetTableId() != w.GetTableId()) ||
				t.GetIsDefaultAction() != w.GetIsDefaultAction() {
				continue
			}
			if len(w.GetMatch()) > 0 {
				wk, _ := entityKey(want)
				if k, _ := entityKey(e); k != wk {
					continue
				}
			}
			if w.GetCounterData() != nil {
				e = proto.Clone(e).(*p4.Entity)
				e.GetTableEntry().CounterData = &p4.CounterData{}
			}
			out = append(out, e)
		}
	case *p4.Entity_PacketReplicationEngineEntry, *p4.Entity_ActionProfileMember, *p4.Entity_ActionProfileGroup:
		for _, e := range d.sortedEntities() {
			if fmt.Sprintf("%T", e.GetEntity()) == fmt.Sprintf("%T", want.GetEntity()) {
				out = append(out, e)
			}
		}
	case *p4.Entity_CounterEntry:
		for _, c := range d.config.GetP4Info().GetCounters() {
			id := c.GetPreamble().GetId()
			if x.CounterEntry.GetCounterId() != 0 && x.CounterEntry.GetCounterId() != id {
				continue
			}
			out = append(out, zeroCounters(id, c, x.CounterEntry.GetIndex())...)
		}
	case *p4.Entity_DirectCounterEntry:
		for _, e := range d.sortedEntities() {
			t := e.GetTableEntry()
			if t != nil && (x.DirectCounterEntry.GetTableEntry().GetTableId() == 0 ||
				t.GetTableId() == x.DirectCounterEntry.GetTableEntry().GetTableId()) {
				out = append(out, &p4.Entity{Entity: &p4.Entity_DirectCounterEntry{DirectCounterEntry: &p4.DirectCounterEntry{
					TableEntry: t, Data: &p4.CounterData{}}}})
			}
		}
	}
	// Meters, registers, digests: none to report.
	return out
}

func zeroCounters(id uint32, c *p4config.Counter, index *p4.Index) []*p4.Entity {
	var out []*p4.Entity
	first, last := int64(0), c.GetSize()-1
	if index != nil {
		first, last = index.GetIndex(), index.GetIndex()
	}
	for i := first; i <= last; i++ {
		out = append(out, &p4.Entity{Entity: &p4.Entity_CounterEntry{CounterEntry: &p4.CounterEntry{
			CounterId: id, Index: &p4.Index{Index: i}, Data: &p4.CounterData{}}}})
	}
	return out
}

func (d *device) sortedEntities() []*p4.Entity {
	keys := make([]string, 0, len(d.entities))
	for k := range d.entities {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]*p4.Entity, 0, len(keys))
	for _, k := range keys {
		out = append(out, d.entities[k])
	}
	return out
}

// stream is one controller's StreamChannel: messages for it go through out, sent by one goroutine.
type stream struct {
	out    chan *p4.StreamMessageResponse
	closed chan struct{}
}

// send queues a message; false once the stream has ended.
func (s *stream) send(msg *p4.StreamMessageResponse) bool {
	select {
	case s.out <- msg:
		return true
	case <-s.closed:
		return false
	}
}

// StreamChannel answers arbitration (the highest election id is primary), takes packet-outs and sends whatever is
// queued on the device's stream channel (arbitration answers and packet-ins) from one goroutine.
func (d *device) StreamChannel(srv p4.P4Runtime_StreamChannelServer) error {
	s := &stream{out: make(chan *p4.StreamMessageResponse, 4096), closed: make(chan struct{})}
	go func() {
		for {
			select {
			case msg := <-s.out:
				if srv.Send(msg) != nil {
					return
				}
			case <-s.closed:
				return
			}
		}
	}()
	defer func() {
		d.streamMu.Lock()
		if d.stream == s {
			d.stream = nil
		}
		d.streamMu.Unlock()
		close(s.closed)
	}()
	for {
		req, err := srv.Recv()
		if err != nil {
			return nil
		}
		switch x := req.GetUpdate().(type) {
		case *p4.StreamMessageRequest_Arbitration:
			a := x.Arbitration
			d.mu.Lock()
			primary := d.election == nil || compare(a.GetElectionId(), d.election) >= 0
			if primary {
				d.election = a.GetElectionId()
			}
			highest := d.election
			d.mu.Unlock()
			code := int32(codes.OK)
			if !primary {
				code = int32(codes.AlreadyExists)
			} else {
				d.streamMu.Lock()
				d.stream = s
				d.streamMu.Unlock()
			}
			s.send(&p4.StreamMessageResponse{Update: &p4.StreamMessageResponse_Arbitration{Arbitration: &p4.MasterArbitrationUpdate{
				DeviceId: a.GetDeviceId(), Role: a.GetRole(), ElectionId: highest, Status: &rpcstatus.Status{Code: code}}}})
		case *p4.StreamMessageRequest_Packet:
			d.outs.Add(1) // probes and LLDP: not answered
		}
	}
}

func compare(a, b *p4.Uint128) int {
	switch {
	case a.GetHigh() != b.GetHigh():
		if a.GetHigh() > b.GetHigh() {
			return 1
		}
		return -1
	case a.GetLow() > b.GetLow():
		return 1
	case a.GetLow() < b.GetLow():
		return -1
	}
	return 0
}

// primary is the primary controller's stream, or nil.
func (d *device) primary() *stream {
	d.streamMu.Lock()
	defer d.streamMu.Unlock()
	return d.stream
}

// state tells what ONOS has done with the device so far.
func (d *device) state() map[string]any {
	d.mu.Lock()
	defer d.mu.Unlock()
	return map[string]any{"name": d.name, "pipeline": d.config != nil, "entities": len(d.entities),
		"writes": d.writes.Load(), "packetOuts": d.outs.Load(), "stream": d.primary() != nil}
}
