#pragma once
// nlohmann SAX handler for the Chrome Trace Event Format. It never builds a DOM:
// it keeps one RawEvent, fills it from the callbacks and hands it on when the
// event's object closes. Accepts both shapes:
//   {"traceEvents": [ {...}, ... ], "deviceProperties": [...], "other": ...}
//   [ {...}, {...} ]            (a bare array, possibly never closed)
// Top-level scalars become metadata; deviceProperties give GPU names.

#include "raw_event.h"
#include "raw_event_fields.h"

#include <array>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace tracelane {

class ChromeSaxHandler : public nlohmann::json_sax<nlohmann::json>
{
public:
    struct Callbacks
    {
        std::function<bool(RawEvent &)> onEvent; // may swap the event out; false stops parsing
        std::function<void(const std::string &key, const std::string &value)> onMetadata;
        std::function<void(std::int64_t id, const std::string &name)> onDevice;
    };

    explicit ChromeSaxHandler(Callbacks callbacks) : m_callbacks(std::move(callbacks)) {}
    // Batch mode: events are written straight into `batch` (storage reused from
    // chunk to chunk) and counted in `count`; onEvent is not called.
    ChromeSaxHandler(std::vector<RawEvent> &batch, std::size_t &count) : m_batch(&batch), m_batchCount(&count) {}

    bool null() override;
    bool boolean(bool value) override;
    bool number_integer(number_integer_t value) override;
    bool number_unsigned(number_unsigned_t value) override;
    bool number_float(number_float_t value, const string_t &text) override;
    bool string(string_t &value) override;
    bool binary(binary_t &) override { return true; }
    bool start_object(std::size_t) override;
    bool key(string_t &key) override;
    bool end_object() override;
    bool start_array(std::size_t) override;
    bool end_array() override;
    bool parse_error(std::size_t position, const std::string &lastToken,
                     const nlohmann::detail::exception &error) override;

    // Where parsing stopped, for the importer's verdict.
    bool failed() const { return m_failed; }
    std::size_t errorPosition() const { return m_errorPosition; }
    const std::string &errorMessage() const { return m_errorMessage; }
    bool sawEventArray() const { return m_sawEventArray; }
    bool betweenEvents() const; // the stack holds only the root and the event array
    bool insideEvent() const;
    bool rootIsObject() const { return m_rootIsObject; }
    std::uint64_t eventCount() const { return m_events; }
    std::uint64_t nonObjectEvents() const { return m_nonObjectEvents; }

private:
    enum class Frame : std::uint8_t {
        None,         // below the document's root
        TopObject,    // the root {...}
        EventArray,   // traceEvents, or a bare root array
        Event,        // one event object
        Args,         // an event's "args" object
        Capture,      // nested JSON kept as compact text
        Skip,         // ignored subtree
        DeviceArray,  // deviceProperties
        Device,       // one deviceProperties entry
    };
    enum class CaptureTarget : std::uint8_t { Arg, Metadata };
    bool integer(std::int64_t value);
    bool scalar(RawArg::Kind kind, std::int64_t i, double d, const std::string &text, const std::string &json);
    void eventField(RawArg::Kind kind, std::int64_t i, const std::string &text, bool isFloat);
    void noteNonScalarTime();
    RawArg &currentArg() { return m_event->args[m_event->argCount - 1]; }
    void captureValuePrefix();
    void beginCapture(CaptureTarget target, char open);
    void finishCapture();
    bool openInCapture(char open);
    bool push(Frame frame);
    Frame top() const { return m_frames[m_depth]; }

    // Frames kept on the stack; anything deeper is skipped by counting alone.
    static constexpr std::size_t kMaxNesting = 512;
public:
    // Argument values are kept as JSON text down to this depth; deeper values
    // become the string "..." and the argument is marked truncated. Whatever
    // later shows or parses the text then never meets more than 64 levels.
    static constexpr std::size_t kMaxArgDepth = 64;
private:

    Callbacks m_callbacks;
    std::array<Frame, kMaxNesting + 1> m_frames{}; // [1, m_depth] are open; [0] is None
    std::size_t m_depth = 0;
    std::string m_key;      // last key outside events (top level, devices)
    EventField m_eventKey = EventField::Other; // last key of the event's own fields, decided once in key()
    const std::string m_noText;
    std::string m_capture;
    bool m_captureNeedsComma = false; // a value was written since the last '[', '{' or ':'
    std::size_t m_captureDepth = 0;   // open Capture frames
    bool m_captureTruncated = false;
    std::uint64_t m_deepSkip = 0;     // levels open below the last frame, skipped unseen
    CaptureTarget m_captureTarget = CaptureTarget::Arg;
    std::string m_captureKey; // metadata captures; an argument's key is already in its RawArg
    RawEvent m_ownEvent;
    RawEvent *m_event = &m_ownEvent; // the event being filled
    std::vector<RawEvent> *m_batch = nullptr;
    std::size_t *m_batchCount = nullptr;
    std::int64_t m_deviceId = -1;
    std::string m_deviceName;
    bool m_rootIsObject = false;
    bool m_sawEventArray = false;
    bool m_failed = false;
    std::size_t m_errorPosition = 0;
    std::string m_errorMessage;
    std::uint64_t m_events = 0;
    std::uint64_t m_nonObjectEvents = 0;
};

} // namespace tracelane
