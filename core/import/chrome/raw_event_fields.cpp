#include "raw_event_fields.h"

#include "model/time_math.h"
#include "model/time_units.h"

#include <cstring>
#include <string>

namespace tracelane {

EventField eventFieldOf(std::string_view key)
{
    // Called for every field of every event: dispatch on the key's length first.
    auto is = [&](const char *name) { return std::memcmp(key.data(), name, key.size()) == 0; };
    switch (key.size()) {
    case 1:
        return key[0] == 's' ? EventField::Scope : EventField::Other;
    case 2:
        return is("ph") ? EventField::Phase
               : is("ts") ? EventField::Timestamp
               : is("id") ? EventField::Id
               : is("bp") ? EventField::BindingPoint
                          : EventField::Other;
    case 3:
        return is("dur") ? EventField::Duration
               : is("pid") ? EventField::Pid
               : is("tid") ? EventField::Tid
               : is("cat") ? EventField::Category
                           : EventField::Other;
    case 4:
        return is("name") ? EventField::Name : is("args") ? EventField::Args : EventField::Other;
    case 7:
        return is("bind_id") ? EventField::BindId : is("flow_in") ? EventField::FlowIn : EventField::Other;
    case 8:
        return is("flow_out") ? EventField::FlowOut : EventField::Other;
    default:
        return EventField::Other;
    }
}

void setEventField(RawEvent &event, EventField field, RawArg::Kind kind, std::int64_t i, std::string_view text,
                   bool isFloat)
{
    auto timeValue = [&]() -> std::optional<TimeNs> {
        if (kind == RawArg::Kind::Int)
            // Saturated: the builder skips and counts times out of its range.
            return isFloat ? microsecondsTextToNs(text) : std::optional<TimeNs>(saturatingMul(i, 1000));
        if (kind == RawArg::Kind::String)
            return microsecondsTextToNs(text);
        return std::nullopt;
    };
    auto setId = [&](RawId &id) {
        if (kind == RawArg::Kind::Int && !isFloat)
            id.setNumber(i);
        else if (kind == RawArg::Kind::String || kind == RawArg::Kind::Int)
            id.setText(text);
    };
    auto setText = [&](std::string &target) {
        if (kind == RawArg::Kind::String)
            target.assign(text);
    };
    switch (field) {
    case EventField::Scope: setText(event.scope); break;
    case EventField::Phase: setText(event.ph); break;
    case EventField::Timestamp:
        event.ts = timeValue();
        if (!event.ts && kind != RawArg::Kind::Null)
            event.badTime = true;
        break;
    case EventField::Duration:
        event.dur = timeValue();
        if (!event.dur && kind != RawArg::Kind::Null)
            event.badTime = true;
        break;
    case EventField::Id: setId(event.id); break;
    case EventField::BindId: setId(event.bindId); break;
    case EventField::FlowIn: event.flowIn = kind == RawArg::Kind::Bool && i != 0; break;
    case EventField::FlowOut: event.flowOut = kind == RawArg::Kind::Bool && i != 0; break;
    case EventField::BindingPoint: setText(event.bp); break;
    case EventField::Pid: setId(event.pid); break;
    case EventField::Tid: setId(event.tid); break;
    case EventField::Category: setText(event.cat); break;
    case EventField::Name:
        if (kind == RawArg::Kind::String)
            event.name.assign(text);
        else if (kind == RawArg::Kind::Int) {
            if (isFloat)
                event.name.assign(text);
            else
                event.name = std::to_string(i);
        }
        break;
    case EventField::Args:
    case EventField::Other: break;
    }
}

void markNonScalarTime(RawEvent &event, EventField field)
{
    if (field == EventField::Timestamp)
        event.ts.reset();
    else if (field == EventField::Duration)
        event.dur.reset();
    else
        return;
    event.badTime = true;
}

} // namespace tracelane
