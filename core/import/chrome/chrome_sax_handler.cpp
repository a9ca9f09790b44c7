#include "chrome_sax_handler.h"

#include "export/table.h"
#include "model/time_units.h"

namespace tracelane {
namespace {

// Deeper than this is not a trace anyone writes; refuse rather than recurse.
constexpr std::size_t kMaxNesting = 512;

} // namespace

bool ChromeSaxHandler::push(Frame frame)
{
    if (m_frames.size() >= kMaxNesting) {
        m_failed = true;
        m_errorMessage = "JSON nested deeper than 512 levels";
        return false;
    }
    m_frames.push_back(frame);
    return true;
}

bool ChromeSaxHandler::betweenEvents() const
{
    return !m_frames.empty() && m_frames.back() == Frame::EventArray;
}

bool ChromeSaxHandler::insideEvent() const
{
    for (Frame f : m_frames)
        if (f == Frame::Event)
            return true;
    return false;
}

void ChromeSaxHandler::captureValuePrefix()
{
    if (m_frames.empty() || top() != Frame::Capture)
        return;
    // In an array every value after the first needs a comma; in an object key() wrote it.
    if (m_capture.back() == '[' || m_capture.back() == ',' || m_capture.back() == ':')
        return;
    m_capture += ',';
}

void ChromeSaxHandler::beginCapture(CaptureTarget target, char open)
{
    m_captureTarget = target;
    m_captureKey = m_key;
    m_capture.assign(1, open);
}

void ChromeSaxHandler::finishCapture()
{
    if (m_captureTarget == CaptureTarget::Metadata) {
        if (m_callbacks.onMetadata)
            m_callbacks.onMetadata(m_captureKey, m_capture);
        return;
    }
    RawArg &arg = m_event->nextArg();
    arg.key = m_captureKey;
    arg.kind = RawArg::Kind::Json;
    arg.text = m_capture;
}

void ChromeSaxHandler::eventField(RawArg::Kind kind, std::int64_t i, const std::string &text, bool isFloat)
{
    // Called for every field of every event: dispatch on the key's length first.
    const std::string &k = m_key;
    auto timeValue = [&]() -> std::optional<TimeNs> {
        if (kind == RawArg::Kind::Int)
            return isFloat ? microsecondsTextToNs(text) : std::optional<TimeNs>(i * 1000);
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
    auto setText = [&](std::string &field) {
        if (kind == RawArg::Kind::String)
            field = text;
    };
    switch (k.size()) {
    case 1:
        if (k[0] == 's')
            setText(m_event->scope);
        break;
    case 2:
        if (k == "ph") {
            setText(m_event->ph);
        } else if (k == "ts") {
            m_event->ts = timeValue();
            if (!m_event->ts && kind != RawArg::Kind::Null)
                m_event->badTime = true;
        } else if (k == "id") {
            setId(m_event->id);
        } else if (k == "bp") {
            setText(m_event->bp);
        }
        break;
    case 3:
        if (k == "dur") {
            m_event->dur = timeValue();
            if (!m_event->dur && kind != RawArg::Kind::Null)
                m_event->badTime = true;
        } else if (k == "pid") {
            setId(m_event->pid);
        } else if (k == "tid") {
            setId(m_event->tid);
        } else if (k == "cat") {
            setText(m_event->cat);
        }
        break;
    case 4:
        if (k == "name") {
            if (kind == RawArg::Kind::String)
                m_event->name = text;
            else if (kind == RawArg::Kind::Int)
                m_event->name = isFloat ? text : std::to_string(i);
        }
        break;
    case 7:
        if (k == "bind_id")
            setId(m_event->id);
        break;
    default:
        break;
    }
}

bool ChromeSaxHandler::scalar(RawArg::Kind kind, std::int64_t i, double d, const std::string &text,
                              const std::string &json)
{
    if (m_frames.empty()) // a bare scalar document
        return true;
    switch (top()) {
    case Frame::TopObject:
        if (m_callbacks.onMetadata)
            m_callbacks.onMetadata(m_key, kind == RawArg::Kind::String ? text : json);
        break;
    case Frame::EventArray:
        ++m_nonObjectEvents;
        break;
    case Frame::Event:
        eventField(kind, i, text, false);
        break;
    case Frame::Args: {
        RawArg &arg = m_event->nextArg();
        arg.key = m_key;
        arg.kind = kind;
        arg.i = i;
        arg.d = d;
        if (kind == RawArg::Kind::String)
            arg.text = text;
        break;
    }
    case Frame::Capture:
        captureValuePrefix();
        m_capture += json;
        break;
    case Frame::Device:
        if (m_key == "id" && kind == RawArg::Kind::Int)
            m_deviceId = i;
        else if (m_key == "name" && kind == RawArg::Kind::String)
            m_deviceName = text;
        break;
    case Frame::Skip:
    case Frame::DeviceArray:
        break;
    }
    return true;
}

bool ChromeSaxHandler::null()
{
    static const std::string kNull = "null";
    return scalar(RawArg::Kind::Null, 0, 0.0, {}, kNull);
}

bool ChromeSaxHandler::boolean(bool value)
{
    return scalar(RawArg::Kind::Bool, value ? 1 : 0, 0.0, {}, value ? "true" : "false");
}

bool ChromeSaxHandler::number_integer(number_integer_t value)
{
    // Hot path: integers of events and of their args need no text.
    if (!m_frames.empty()) {
        if (top() == Frame::Event) {
            eventField(RawArg::Kind::Int, value, m_noText, false);
            return true;
        }
        if (top() == Frame::Args) {
            RawArg &arg = m_event->nextArg();
            arg.key = m_key;
            arg.kind = RawArg::Kind::Int;
            arg.i = value;
            return true;
        }
    }
    const std::string text = std::to_string(value);
    return scalar(RawArg::Kind::Int, value, double(value), text, text);
}

bool ChromeSaxHandler::number_unsigned(number_unsigned_t value)
{
    if (value > static_cast<number_unsigned_t>(std::numeric_limits<std::int64_t>::max())) {
        const std::string text = std::to_string(value);
        if (!m_frames.empty() && top() == Frame::Event) {
            eventField(RawArg::Kind::String, 0, text, false);
            return true;
        }
        return scalar(RawArg::Kind::Double, 0, double(value), text, text);
    }
    return number_integer(static_cast<number_integer_t>(value));
}

bool ChromeSaxHandler::number_float(number_float_t value, const string_t &text)
{
    if (!m_frames.empty() && top() == Frame::Event) {
        // Times go through the number's text: a double cannot hold epoch nanoseconds.
        eventField(RawArg::Kind::Int, 0, text, true);
        return true;
    }
    return scalar(RawArg::Kind::Double, 0, value, text, text);
}

bool ChromeSaxHandler::string(string_t &value)
{
    if (!m_frames.empty() && top() == Frame::Event) {
        eventField(RawArg::Kind::String, 0, value, false);
        return true;
    }
    if (!m_frames.empty() && top() == Frame::Capture) {
        captureValuePrefix();
        m_capture += jsonString(value);
        return true;
    }
    return scalar(RawArg::Kind::String, 0, 0.0, value, {});
}

bool ChromeSaxHandler::key(string_t &key)
{
    if (!m_frames.empty() && top() == Frame::Capture) {
        if (m_capture.back() != '{')
            m_capture += ',';
        m_capture += jsonString(key);
        m_capture += ':';
        return true;
    }
    m_key.swap(key);
    return true;
}

bool ChromeSaxHandler::start_object(std::size_t)
{
    if (m_frames.empty()) {
        m_rootIsObject = true;
        return push(Frame::TopObject);
    }
    switch (top()) {
    case Frame::EventArray:
        if (m_batch) {
            if (*m_batchCount == m_batch->size())
                m_batch->emplace_back();
            m_event = &(*m_batch)[*m_batchCount];
        }
        m_event->reset();
        m_event->byteOffset = m_events + m_nonObjectEvents; // element index; the importer makes it a byte offset
        return push(Frame::Event);
    case Frame::Event:
        if (m_key == "args")
            return push(Frame::Args);
        return push(Frame::Skip);
    case Frame::Args:
        beginCapture(CaptureTarget::Arg, '{');
        return push(Frame::Capture);
    case Frame::Capture:
        captureValuePrefix();
        m_capture += '{';
        return push(Frame::Capture);
    case Frame::DeviceArray:
        m_deviceId = -1;
        m_deviceName.clear();
        return push(Frame::Device);
    case Frame::TopObject:
        if (m_key == "distributedInfo") {
            beginCapture(CaptureTarget::Metadata, '{');
            return push(Frame::Capture);
        }
        return push(Frame::Skip);
    case Frame::Skip:
    case Frame::Device:
        return push(Frame::Skip);
    }
    return push(Frame::Skip);
}

bool ChromeSaxHandler::end_object()
{
    const Frame frame = top();
    m_frames.pop_back();
    switch (frame) {
    case Frame::Event:
        ++m_events;
        if (m_batch) {
            ++*m_batchCount;
            break;
        }
        if (m_callbacks.onEvent && !m_callbacks.onEvent(*m_event)) {
            m_failed = true;
            m_errorMessage = "cancelled";
            return false;
        }
        break;
    case Frame::Capture:
        m_capture += '}';
        if (m_frames.empty() || top() != Frame::Capture)
            finishCapture();
        break;
    case Frame::Device:
        if (m_deviceId >= 0 && m_callbacks.onDevice)
            m_callbacks.onDevice(m_deviceId, m_deviceName);
        break;
    default:
        break;
    }
    return true;
}

bool ChromeSaxHandler::start_array(std::size_t)
{
    if (m_frames.empty()) {
        m_sawEventArray = true;
        return push(Frame::EventArray);
    }
    switch (top()) {
    case Frame::TopObject:
        if (m_key == "traceEvents") {
            m_sawEventArray = true;
            return push(Frame::EventArray);
        }
        if (m_key == "deviceProperties")
            return push(Frame::DeviceArray);
        return push(Frame::Skip);
    case Frame::Event:
        return push(Frame::Skip);
    case Frame::Args:
        beginCapture(CaptureTarget::Arg, '[');
        return push(Frame::Capture);
    case Frame::Capture:
        captureValuePrefix();
        m_capture += '[';
        return push(Frame::Capture);
    case Frame::EventArray:
        ++m_nonObjectEvents;
        return push(Frame::Skip);
    default:
        return push(Frame::Skip);
    }
}

bool ChromeSaxHandler::end_array()
{
    const Frame frame = top();
    m_frames.pop_back();
    if (frame == Frame::Capture) {
        m_capture += ']';
        if (m_frames.empty() || top() != Frame::Capture)
            finishCapture();
    }
    return true;
}

bool ChromeSaxHandler::parse_error(std::size_t position, const std::string &, const nlohmann::detail::exception &error)
{
    m_failed = true;
    m_errorPosition = position;
    m_errorMessage = error.what();
    return false;
}

} // namespace tracelane
