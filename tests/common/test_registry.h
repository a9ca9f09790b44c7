// Several Qt Test classes in one executable. Each tests/<area> folder builds
// one executable (fewer links, one precompiled header per area); every test
// file still names its own application kind, as QTEST_MAIN would, and ctest
// still runs each file on its own:  <area executable> tst_name [Qt Test options].
#pragma once

#include <QtTest>

namespace tracelane::test {

using TestEntry = int (*)(int argc, char *argv[]);

// Called once per test file during static initialisation; the name is the
// file's name without folder and extension (tst_iterations).
bool registerTest(const char *sourceFile, TestEntry entry);

} // namespace tracelane::test

// Names are made from the test class (or function), so that several test
// files can share one translation unit in a unity build.
// The body of QTEST_MAIN without main(): the application object (if any) is
// made per test, so a test keeps the kind QTEST_MAIN would have given it.
#define TRACELANE_TEST_ENTRY(TestObject, ...)                                                                          \
    namespace {                                                                                                        \
    int run##TestObject(int argc, char *argv[])                                                                        \
    {                                                                                                                  \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                                             \
        __VA_ARGS__                                                                                                    \
        TestObject tc;                                                                                                 \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&tc, argc, argv);                                                                          \
    }                                                                                                                  \
    [[maybe_unused]] const bool TestObject##Registered = ::tracelane::test::registerTest(__FILE__, &run##TestObject);  \
    }

// QApplication, QGuiApplication or QCoreApplication by the Qt modules linked.
#define TRACELANE_TEST_MAIN(TestObject) TRACELANE_TEST_ENTRY(TestObject, QTEST_MAIN_SETUP())
#define TRACELANE_TEST_GUILESS_MAIN(TestObject) TRACELANE_TEST_ENTRY(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
#define TRACELANE_TEST_APPLESS_MAIN(TestObject) TRACELANE_TEST_ENTRY(TestObject)

// For a test that makes its application itself (the environment set first, or
// an application subclass): registers that function in place of main().
#define TRACELANE_TEST_FUNCTION(function)                                                                              \
    namespace {                                                                                                        \
    [[maybe_unused]] const bool function##Registered = ::tracelane::test::registerTest(__FILE__, &function);           \
    }
