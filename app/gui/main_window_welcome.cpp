// MainWindow: the welcome panel over the empty timeline, until a trace is shown.
#include "main_window.h"

#include "timeline/timeline_view.h"
#include "welcome_panel.h"

namespace tracelane {

void MainWindow::createWelcome()
{
    m_welcome = new WelcomePanel(m_view);
    connect(m_welcome, &WelcomePanel::openRequested, this, &MainWindow::openFile);
    connect(m_welcome, &WelcomePanel::chooseRequested, this, &MainWindow::chooseFile);
    connect(this, &MainWindow::traceLoaded, m_welcome, &QWidget::hide);
}

} // namespace tracelane
