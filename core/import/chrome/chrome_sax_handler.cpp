#include "chrome_sax_handler.h"

#include "raw_event_fields.h"

#include "export/table.h"
#include "model/time_math.h"
#include "model/time_units.h"

#include <charconv>
#include <cstring>

namespace tracelane {

bool ChromeSaxHandler::push(Frame frame)
{
    if (m_depth >= kMaxNesting) {
        m_failed = true;
        m_errorMessage = "JSON nested deeper than 512 levels";
        return false;
    }
    m_frames[++m_depth] = frame;
    m_captureDepth += frame == Frame::Capture;
    return true;
}

// '[' or '{' inside a captured argument: written, or past kMaxArgDepth replaced
// by "..." with everything inside it skipped.
bool ChromeSaxHandler::openInCapture(char open)
{
    captureValuePrefix();
    if (m_captureDepth >= kMaxArgDepth) {
        m_capture += "\"...\"";
        m_captureNeedsComma = true;
        m_captureTruncated = true;
        m_deepSkip = 1;
        return true;
    }
    m_capture += open;
    m_captureNeedsComma = false;
    return push(Frame::Capture);
}

bool ChromeSaxHandler::betweenEvents() const
{
    return top() == Frame::EventArray;
}

bool ChromeSaxHandler::insideEvent() const
{
    for (std::size_t i = 1; i <= m_depth; ++i)
        if (m_frames[i] == Frame::Event)
            return true;
    return false;
}

// Before a value or a key inside a capture: a comma, unless it is the first in
// its array or object or the value right after its key.
void ChromeSaxHandler::captureValuePrefix()
{
    if (m_captureNeedsComma)
        m_capture += ',';
}

void ChromeSaxHandler::beginCapture(CaptureTarget target, char open)
{
    m_captureTarget = target;
    if (target == CaptureTarget::Metadata)
        m_captureKey = m_key;
    m_capture.assign(1, open);
    m_captureNeedsComma = false;
    m_captureTruncated = false;
}

void ChromeSaxHandler::finishCapture()
{
    if (m_captureTarget == CaptureTarget::Metadata) {
        if (m_callbacks.onMetadata)
            m_callbacks.onMetadata(m_captureKey, m_capture);
        return;
    }
    RawArg &arg = currentArg(); // created by key()
    arg.kind = RawArg::Kind::Json;
    arg.text.assign(m_capture);
    arg.truncated = m_captureTruncated;
}

void ChromeSaxHandler::eventField(RawArg::Kind kind, std::int64_t i, const std::string &text, bool isFloat)
{
    setEventField(*m_event, m_eventKey, kind, i, text, isFloat);
}

void ChromeSaxHandler::noteNonScalarTime()
{
    markNonScalarTime(*m_event, m_eventKey);
}

bool ChromeSaxHandler::scalar(RawArg::Kind kind, std::int64_t i, double d, const std::string &text,
                              const std::string &json)
{
    switch (top()) {
    case Frame::None: // a bare scalar document
        break;
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
        RawArg &arg = currentArg();
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
        m_captureNeedsComma = true;
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
    if (m_deepSkip)
        return true;
    static const std::string kNull = "null";
    return scalar(RawArg::Kind::Null, 0, 0.0, {}, kNull);
}

bool ChromeSaxHandler::boolean(bool value)
{
    if (m_deepSkip)
        return true;
    return scalar(RawArg::Kind::Bool, value ? 1 : 0, 0.0, {}, value ? "true" : "false");
}

bool ChromeSaxHandler::number_integer(number_integer_t value)
{
    if (m_deepSkip)
        return true;
    return integer(value);
}

bool ChromeSaxHandler::number_unsigned(number_unsigned_t value)
{
    if (m_deepSkip)
        return true;
    if (value > static_cast<number_unsigned_t>(std::numeric_limits<std::int64_t>::max())) {
        const std::string text = std::to_string(value);
        if (top() == Frame::Event) {
            eventField(RawArg::Kind::String, 0, text, false);
            return true;
        }
        return scalar(RawArg::Kind::Double, 0, double(value), text, text);
    }
    return integer(static_cast<std::int64_t>(value));
}

// Hot path: integers of events, of their args and of captured arrays need no text.
bool ChromeSaxHandler::integer(std::int64_t value)
{
    switch (top()) {
    case Frame::Event:
        eventField(RawArg::Kind::Int, value, m_noText, false);
        return true;
    case Frame::Args: {
        RawArg &arg = currentArg();
        arg.kind = RawArg::Kind::Int;
        arg.i = value;
        return true;
    }
    case Frame::Capture: {
        captureValuePrefix();
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
        m_capture.append(digits, end);
        m_captureNeedsComma = true;
        return true;
    }
    default: {
        const std::string text = std::to_string(value);
        return scalar(RawArg::Kind::Int, value, double(value), text, text);
    }
    }
}

bool ChromeSaxHandler::number_float(number_float_t value, const string_t &text)
{
    if (m_deepSkip)
        return true;
    if (top() == Frame::Event) {
        // Times go through the number's text: a double cannot hold epoch nanoseconds.
        eventField(RawArg::Kind::Int, 0, text, true);
        return true;
    }
    return scalar(RawArg::Kind::Double, 0, value, text, text);
}

bool ChromeSaxHandler::string(string_t &value)
{
    if (m_deepSkip)
        return true;
    if (top() == Frame::Event) {
        eventField(RawArg::Kind::String, 0, value, false);
        return true;
    }
    if (top() == Frame::Capture) {
        captureValuePrefix();
        appendJsonString(m_capture, value);
        m_captureNeedsComma = true;
        return true;
    }
    return scalar(RawArg::Kind::String, 0, 0.0, value, {});
}

// `key` is the lexer's buffer. Argument keys are copied, not swapped with it: the
// buffer grows to the longest token read, and swapping would hand such buffers
// to the batch's many reused RawArgs (tens of MB on large traces).
bool ChromeSaxHandler::key(string_t &key)
{
    if (m_deepSkip)
        return true;
    switch (top()) {
    case Frame::Event:
        m_eventKey = eventFieldOf(key);
        m_event->hasFields = true;
        return true;
    case Frame::Args: // every key of "args" is one argument, whatever its value
        m_event->nextArg().key.assign(key);
        return true;
    case Frame::Capture:
        captureValuePrefix();
        appendJsonString(m_capture, key);
        m_capture += ':';
        m_captureNeedsComma = false;
        return true;
    default:
        m_key.swap(key);
        return true;
    }
}

bool ChromeSaxHandler::start_object(std::size_t)
{
    if (m_deepSkip || (m_depth >= kMaxNesting && top() == Frame::Skip)) {
        ++m_deepSkip;
        return true;
    }
    switch (top()) {
    case Frame::None:
        m_rootIsObject = true;
        return push(Frame::TopObject);
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
        if (m_eventKey == EventField::Args)
            return push(Frame::Args);
        noteNonScalarTime();
        return push(Frame::Skip);
    case Frame::Args:
        beginCapture(CaptureTarget::Arg, '{');
        return push(Frame::Capture);
    case Frame::Capture:
        return openInCapture('{');
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
    if (m_deepSkip) {
        --m_deepSkip;
        return true;
    }
    const Frame frame = top();
    --m_depth;
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
        --m_captureDepth;
        m_capture += '}';
        m_captureNeedsComma = true;
        if (top() != Frame::Capture)
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
    if (m_deepSkip || (m_depth >= kMaxNesting && top() == Frame::Skip)) {
        ++m_deepSkip;
        return true;
    }
    switch (top()) {
    case Frame::None:
        m_sawEventArray = true;
        return push(Frame::EventArray);
    case Frame::TopObject:
        if (m_key == "traceEvents") {
            m_sawEventArray = true;
            return push(Frame::EventArray);
        }
        if (m_key == "deviceProperties")
            return push(Frame::DeviceArray);
        return push(Frame::Skip);
    case Frame::Event:
        noteNonScalarTime();
        return push(Frame::Skip);
    case Frame::Args:
        beginCapture(CaptureTarget::Arg, '[');
        return push(Frame::Capture);
    case Frame::Capture:
        return openInCapture('[');
    case Frame::EventArray:
        ++m_nonObjectEvents;
        return push(Frame::Skip);
    default:
        return push(Frame::Skip);
    }
}

bool ChromeSaxHandler::end_array()
{
    if (m_deepSkip) {
        --m_deepSkip;
        return true;
    }
    const Frame frame = top();
    --m_depth;
    if (frame == Frame::Capture) {
        --m_captureDepth;
        m_capture += ']';
        m_captureNeedsComma = true;
        if (top() != Frame::Capture)
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
