/// UIKit's `UIActivity.ActivityType` raw values: what the share sheet's completion handler
/// reports for the system activities. One list for the iOS model, its renderings and the CLI.
public enum ActivityType {
    public static let prefix = "com.apple.UIKit.activity."

    public static let airDrop = prefix + "AirDrop"
    public static let message = prefix + "Message"
    public static let mail = prefix + "Mail"
    public static let copyToPasteboard = prefix + "CopyToPasteboard"
    public static let addToReadingList = prefix + "AddToReadingList"
    public static let saveToCameraRoll = prefix + "SaveToCameraRoll"
    public static let print = prefix + "Print"

    /// Every system activity type (iOS 17).
    public static let system: [String] = [airDrop, message, mail, copyToPasteboard, addToReadingList, saveToCameraRoll, print]
        + ["AssignToContact", "PostToFacebook", "PostToTwitter", "PostToWeibo", "PostToTencentWeibo", "PostToFlickr",
           "PostToVimeo", "OpenInIBooks", "MarkupAsPDF", "SharePlay", "CollaborationInviteWithLink",
           "CollaborationCopyLink", "AddToHomeScreen"].map { prefix + $0 }
}
