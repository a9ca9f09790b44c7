#pragma once
// Asks for the size of File > Export > Timeline as Image: the width in pixels
// (the height follows the lanes) and, for PNG, the scale.

#include <QDialog>

class QComboBox;
class QLabel;
class QSpinBox;

namespace tracelane {

class TimelineExportDialog : public QDialog
{
    Q_OBJECT

public:
    // lanesHeight: the ruler and every shown lane, in pixels.
    TimelineExportDialog(int defaultWidth, int lanesHeight, bool png, QWidget *parent = nullptr);

    int width() const;
    qreal scale() const;

private:
    void updateSizeText();

    QSpinBox *m_width;
    QComboBox *m_scale;
    QLabel *m_size;
    int m_lanesHeight;
};

} // namespace tracelane
